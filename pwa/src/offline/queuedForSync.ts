/**
 * The error an edit ends with when it was queued in the outbox instead of sent (queueing.ts):
 * screens show it as 'Pending sync'. A module of its own, so screens and sync.ts import it without
 * importing each other's code.
 */
/** Thrown instead of the answer when an edit was queued: the screen shows it as 'Pending sync'. */
export class QueuedForSync extends Error {
  constructor() {
    super('Saved on this device. It will be sent when you are back online.');
    this.name = 'QueuedForSync';
  }
}
