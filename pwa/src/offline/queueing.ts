/**
 * What the query modules use of the outbox: `sendOrQueue` (send an edit, or queue it when it cannot
 * be sent now; the work is in sync.ts, loaded on first use so Dexie is not part of the JavaScript
 * every page loads first). A queued edit ends with QueuedForSync (queuedForSync.ts).
 */
import type { OutboxOperation } from './db';

/**
 * Sends an edit, or queues it in the outbox with the same `idempotencyKey` (offline, failing on
 * the network, or while older edits wait): then rejects with QueuedForSync. See sync.ts.
 */
export async function sendOrQueue<T>(op: OutboxOperation, idempotencyKey: string, send: () => Promise<T>): Promise<T> {
  const { sendOrQueueNow } = await import('./sync');
  return sendOrQueueNow(op, idempotencyKey, send);
}
