/**
 * What the query modules and screens use of the outbox: `sendOrQueue` (send an edit, or queue it
 * when it cannot be sent now; the work is in sync.ts, loaded on first use so Dexie is not part of
 * the JavaScript every page loads first) and the QueuedForSync error a queued edit ends with.
 */
import type { OutboxOperation } from './db';

/** Thrown instead of the answer when an edit was queued: the screen shows it as 'Pending sync'. */
export class QueuedForSync extends Error {
  constructor() {
    super('Saved on this device. It will be sent when you are back online.');
    this.name = 'QueuedForSync';
  }
}

/**
 * Sends an edit, or queues it in the outbox with the same `idempotencyKey` (offline, failing on
 * the network, or while older edits wait): then rejects with QueuedForSync. See sync.ts.
 */
export async function sendOrQueue<T>(op: OutboxOperation, idempotencyKey: string, send: () => Promise<T>): Promise<T> {
  const { sendOrQueueNow } = await import('./sync');
  return sendOrQueueNow(op, idempotencyKey, send);
}
