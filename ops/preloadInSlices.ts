/**
 * Vite's preload helper, with the links it adds for a lazily loaded module's dependencies added a
 * few at a time, one slice per task, instead of all in one.
 *
 * Before a dynamic `import()` Vite adds a `<link rel="modulepreload">` for each chunk the module
 * needs, so they download side by side instead of one import after another. Each link is a request
 * the browser starts synchronously, in the task that adds it: about half a millisecond here, and
 * some 5 ms on Lighthouse's phone (its CPU is four times slower). My Listings' screen needs 37
 * chunks, the Inventory's 43, the profile's 50: the start's task that asked for them was 190-350 ms
 * long on that phone, a stretch in which a tap got no answer. Added PRELOAD_LINKS_PER_TASK at a
 * time, each slice is a short task, and the browser answers input in between; the downloads start
 * in the same order, a few milliseconds apart. The import itself runs once every link is in.
 *
 * The helper is Vite's own code, changed in one statement: the build fails if that statement is no
 * longer there, so an upgrade cannot quietly undo it.
 */
import type { Plugin } from 'vite';

/** How many modulepreload links one task adds: some 20 ms of a phone's main thread. */
export const PRELOAD_LINKS_PER_TASK = 4;

const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const APPEND = 'document.head.appendChild(link);';

/**
 * Adds links in slices of PRELOAD_LINKS_PER_TASK: the first slice in the task that asked (once its
 * other links are queued), each next one in a task of its own. Resolves when the link is in the
 * document. Plain JavaScript: it is inserted into the helper's source as text.
 */
const SLICED_APPEND = `const preloadLinkQueue = [];
function appendInSlices(link) {
  return new Promise((resolve) => {
    // The links of one import are queued in one go: the first slice is added once they all are.
    if (preloadLinkQueue.push([link, resolve]) === 1) queueMicrotask(appendSlice);
  });
}
function appendSlice() {
  for (const [link, resolve] of preloadLinkQueue.splice(0, ${PRELOAD_LINKS_PER_TASK})) {
    document.head.appendChild(link);
    resolve();
  }
  if (preloadLinkQueue.length > 0) setTimeout(appendSlice, 0);
}
`;

/** The helper's source with script links added in slices; throws if the source has changed shape. */
export function slicePreloadLinks(source: string): string {
  const at = source.indexOf(APPEND);
  if (at === -1 || source.indexOf(APPEND, at + 1) !== -1) {
    throw new Error("Vite's preload helper no longer adds its links as ops/preloadInSlices.ts expects: update the transform");
  }
  // Stylesheets keep their own path (the helper waits for them to load); the app has none.
  return SLICED_APPEND + source.replace(APPEND, `if (!isCss) return appendInSlices(link); ${APPEND}`);
}

export function preloadInSlicesPlugin(): Plugin {
  let transformed = false;
  return {
    name: 'skinmarket-preload-in-slices',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    transform(code, id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      transformed = true;
      return { code: slicePreloadLinks(code), map: null };
    },
    buildEnd(error) {
      if (!error && !transformed) this.error("Vite's preload helper was not in the build: ops/preloadInSlices.ts looks for it by id");
    },
  };
}
