/**
 * The page side of the outbox (outbox.ts has the rules): queueing an edit that cannot be sent now,
 * and running the replay.
 *
 * An edit is queued instead of sent when the browser is offline, when sending it failed on the
 * network (with the key it was sent with: the server may have applied it, and the replay must not
 * apply it again), or when older edits of the user still wait (order matters). The caller gets a
 * QueuedForSync error (queueing.ts) and shows 'Pending sync'.
 *
 * Replays run on app start, when the network comes back, when an edit was queued while online, and
 * at each entry's backoff time while a page is open; where Background Sync exists the worker is
 * also asked to replay (it does so even after the tab is closed). All of them take the outbox's
 * Web Lock, so they never send an entry twice at once; each entry keeps its Idempotency-Key, so a
 * lost answer never applies it twice. Only the user the server says is signed in gets replayed.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../queries/user';
import { paymentMethodKeys, userKeys } from '../queries/keys';
import type { OutboxOperation } from './db';
import { loadUser } from './cachedData';
import { db } from './db';
import { isNetworkFailure, isOffline } from './network';
import { QueuedForSync } from './queuedForSync';
import { backoffMs, enqueue, entriesOf, OUTBOX_SYNC_TAG, replayOutbox, type ReplayReport } from './outbox';

/** Background Sync, where the browser has it (Chromium); not in TypeScript's DOM types. */
interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

let client: QueryClient | null = null;
let retryTimer: number | undefined;
let confirmTimer: number | undefined;
let confirmAttempts = 0;

function signedInUserId(): string | null {
  return client?.getQueryData<User | null>(userKeys.current())?.steamId ?? null;
}

async function askWorkerToSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncCapableRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** What the pages do once entries were applied or refused: show the server's state. */
export function refreshAfterReplay(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: userKeys.current() });
  void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all });
}

/**
 * A page opened offline has no confirmed user: its GET /api/user failed on the network and is not
 * retried by itself, so the queued edits would wait for the worker's Background Sync, which
 * Chromium retries only after minutes. While the device's user has edits waiting and the server has
 * not answered who is signed in, ask it again on the outbox's backoff; once it confirms the user,
 * the cache subscription in startOutboxSync replays. A server answer of "signed out" ends it.
 */
async function confirmUserLater(): Promise<void> {
  if (!client || client.getQueryState(userKeys.current())?.status === 'success') return;
  const deviceUser = await loadUser(db);
  if (!deviceUser || (await entriesOf(deviceUser.steamId, db)).length === 0) return;
  window.clearTimeout(confirmTimer);
  confirmAttempts += 1;
  confirmTimer = window.setTimeout(() => {
    void client?.refetchQueries({ queryKey: userKeys.current() }).then(() => {
      if (!signedInUserId()) void confirmUserLater();
    });
  }, backoffMs(confirmAttempts));
}

/** Replays the signed-in user's outbox now (if online), and plans the next try. */
export async function replayNow({ ignoreBackoff = false } = {}): Promise<ReplayReport | null> {
  const userId = signedInUserId();
  if (isOffline()) return null;
  if (!userId) {
    await confirmUserLater();
    return null;
  }
  window.clearTimeout(confirmTimer);
  confirmAttempts = 0;
  const report = await replayOutbox({ userId, ignoreBackoff });
  if (client && (report.applied.length > 0 || report.rejected.length > 0 || report.conflicts.length > 0)) {
    refreshAfterReplay(client);
  }
  window.clearTimeout(retryTimer);
  if (report.retryAt !== null) {
    retryTimer = window.setTimeout(() => void replayNow(), Math.max(0, report.retryAt - Date.now()));
  }
  return report;
}

/**
 * Who is editing: the user the server confirmed, or, in a page opened offline, the user last signed
 * in on this device (whose copy the page shows). Replay still waits for the server to confirm them.
 */
async function editingUserId(): Promise<string | null> {
  return signedInUserId() ?? (await loadUser(db))?.steamId ?? null;
}

/** Queues an edit for the signed-in user and asks for a replay as soon as possible. */
async function queue(op: OutboxOperation, idempotencyKey: string): Promise<never> {
  const userId = await editingUserId();
  if (!userId) throw new Error('Sign in to save changes');
  await enqueue(userId, op, idempotencyKey);
  void askWorkerToSync();
  void replayNow();
  throw new QueuedForSync();
}

/**
 * Sends an edit, or queues it (see the file's comment). `send` performs the request with
 * `idempotencyKey`; the same key goes into the queue. Callers use queueing.ts's sendOrQueue.
 */
export async function sendOrQueueNow<T>(op: OutboxOperation, idempotencyKey: string, send: () => Promise<T>): Promise<T> {
  const userId = await editingUserId();
  const waiting = userId ? (await entriesOf(userId, db)).length > 0 : false;
  if (isOffline() || waiting) return queue(op, idempotencyKey);
  try {
    return await send();
  } catch (error) {
    if (isNetworkFailure(error)) return queue(op, idempotencyKey);
    throw error;
  }
}

/** Starts replaying for this page: now, whenever the network returns, and when the worker replayed. */
export function startOutboxSync(queryClient: QueryClient): () => void {
  client = queryClient;
  const handleOnline = () => {
    void replayNow({ ignoreBackoff: true });
    void askWorkerToSync();
  };
  const handleWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'outbox-replayed') refreshAfterReplay(queryClient);
  };
  // The signed-in user is known once GET /api/user answered: replay when someone signs in.
  let knownUserId = signedInUserId();
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    const userId = signedInUserId();
    if (userId === knownUserId) return;
    knownUserId = userId;
    if (userId) void replayNow();
  });
  window.addEventListener('online', handleOnline);
  navigator.serviceWorker?.addEventListener('message', handleWorkerMessage);
  void replayNow();
  return () => {
    unsubscribe();
    window.removeEventListener('online', handleOnline);
    navigator.serviceWorker?.removeEventListener('message', handleWorkerMessage);
    window.clearTimeout(retryTimer);
    window.clearTimeout(confirmTimer);
    client = null;
  };
}
