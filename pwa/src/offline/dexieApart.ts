/**
 * Dexie's own module, run in a task of its own before the modules that use it (the offline copies'
 * writers, the outbox). Loaded with them, Dexie's code and the database's setup are one task of
 * some 110 ms on a phone (Lighthouse's four-times-slower CPU) on every signed-in visit; apart, the
 * library's run is one task and the database's setup the next.
 */
let loading: Promise<void> | undefined;

export function loadDexieApart(): Promise<void> {
  if (!loading) {
    loading = import('dexie').then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    // A failed load (offline, files not cached) is tried again by the next caller.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
