/**
 * The outbox (docs/adr/0045-offline-outbox.md): profile edits and payment-method adds/deletes made offline wait
 * here (Dexie, table `outbox`) and are replayed in order. The pages replay it on app start and when
 * the network comes back; the service worker replays it on Background Sync's `sync` event, so it
 * also happens with no tab open. This module is shared by both and knows nothing about React.
 *
 * Replay rules, per entry, oldest first (only the signed-in user's entries):
 * - 2xx: applied. Removed from the queue; the cached copy in Dexie gets the server's answer (the
 *   pages refresh their query caches when they see the entry gone).
 * - 412 (profile only: it was based on an older `version`): kept as a `conflict` with the server's
 *   newer profile, for the user to choose 'Keep mine' (re-sent against the new version, with a new
 *   Idempotency-Key: it is a new request) or 'Use server's' (dropped).
 * - 401: the session is gone. Nothing is dropped; replay stops until the user signs in again.
 * - 409 `idempotency_key_in_progress`, 5xx, network errors: the outcome is unknown, so the entry
 *   stays with its key and is retried with exponential backoff; later entries wait behind it
 *   (order matters: a profile edit builds on the one before it).
 * - any other 4xx: removed, and a notice says why (the server's message), so nothing disappears
 *   silently.
 * Every send of an entry carries the same Idempotency-Key, so an entry whose answer was lost is
 * applied once however often it is replayed; the replay itself runs under a Web Lock, so two tabs
 * and the worker never send the same entry at the same time.
 */
import { PAYMENT_METHOD_LABELS } from '../../../shared/constants';
import { errorBodyOf } from '../../../shared/errorCodes';
import type { CurrentUser } from '../../../shared/answers/user';
import type { PaymentMethod } from '../../../shared/answers/wallet';
import { parseAnswer } from '../../../shared/answers/z';
import { addPaymentMethodCall, currentUserCall, deletePaymentMethodCall, replayInit, updateProfileCall, type ApiCall } from '../api/requests';
import { db as defaultDb, type AppDB, type OutboxEntry, type OutboxOperation } from './db';

/** The Background Sync tag the pages register and the worker answers. */
export const OUTBOX_SYNC_TAG = 'skinmarket-outbox';
const LOCK_NAME = 'skinmarket-outbox';
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;

/** Delay before the next try after `attempts` failed sends: 2 s, 4 s, 8 s … at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** Adds an edit at the end of the user's queue. */
export async function enqueue(
  userId: string,
  op: OutboxOperation,
  idempotencyKey: string,
  { database = defaultDb, now = Date.now() }: { database?: AppDB; now?: number } = {},
): Promise<OutboxEntry> {
  const entry: OutboxEntry = { userId, idempotencyKey, createdAt: now, op, status: 'pending', attempts: 0, nextAttemptAt: 0 };
  entry.seq = await database.outbox.add(entry);
  return entry;
}

/** The user's queued entries, oldest first. */
export function entriesOf(userId: string, database: AppDB = defaultDb): Promise<OutboxEntry[]> {
  return database.outbox.where('userId').equals(userId).sortBy('seq');
}

export interface ReplayOptions {
  userId: string;
  database?: AppDB;
  fetch?: typeof fetch;
  now?: () => number;
  /** Try entries still waiting for their backoff too (the network just came back). */
  ignoreBackoff?: boolean;
}

export interface ReplayReport {
  applied: OutboxEntry[];
  /** Refused (other 4xx): removed, with a notice. */
  rejected: OutboxEntry[];
  /** Refused as stale (412): waiting for the user's choice. */
  conflicts: OutboxEntry[];
  /** When the first entry still waiting (network error, 5xx) may be tried again; null if none waits. */
  retryAt: number | null;
  /** A 401 stopped the replay. */
  signedOut: boolean;
}

type Outcome =
  | { kind: 'applied'; body: unknown }
  | { kind: 'conflict'; serverUser: CurrentUser }
  | { kind: 'rejected'; message: string }
  | { kind: 'signed-out' }
  | { kind: 'retry' };

let localChain: Promise<unknown> = Promise.resolve();

/** Runs `task` alone across tabs and the worker (Web Locks); in-process only where they are missing. */
function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(LOCK_NAME, task) as Promise<T>;
  const run = localChain.then(task, task);
  localChain = run.catch(() => undefined);
  return run;
}

/** The entry's request, built as the pages build it when they send it online. */
function callOf(entry: OutboxEntry): ApiCall<unknown> {
  switch (entry.op.kind) {
    case 'profile':
      return updateProfileCall(entry.op.update, entry.op.baseVersion, entry.idempotencyKey);
    case 'payment-method-add':
      return addPaymentMethodCall(entry.op.body, entry.idempotencyKey);
    case 'payment-method-delete':
      return deletePaymentMethodCall(entry.op.paymentMethodId, entry.idempotencyKey);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

function messageOf(body: unknown, response: Response): string {
  return errorBodyOf(body).message ?? (typeof body === 'string' && body ? body : response.statusText || `Error ${response.status}`);
}

async function send(entry: OutboxEntry, doFetch: typeof fetch): Promise<Outcome> {
  const call = callOf(entry);
  let response: Response;
  try {
    response = await doFetch(call.path, replayInit(call));
  } catch {
    return { kind: 'retry' };
  }
  const body = await readJson(response).catch(() => undefined);
  if (response.ok) {
    // The server applied it; an answer of the wrong shape only means the local copy is not updated
    // from it (the pages re-read the list when they see the entry gone).
    const parsed = parseAnswer(call.answer, body);
    return { kind: 'applied', body: parsed.ok ? parsed.value : undefined };
  }
  if (response.status === 401) return { kind: 'signed-out' };
  if (response.status >= 500) return { kind: 'retry' };
  if (response.status === 409 && errorBodyOf(body).code === 'idempotency_key_in_progress') return { kind: 'retry' };
  if (response.status === 412 && entry.op.kind === 'profile') {
    // The conflict dialog shows what the server has now.
    try {
      const userCall = currentUserCall();
      const current = await doFetch(userCall.path, replayInit(userCall));
      if (current.status === 401) return { kind: 'signed-out' };
      const serverUser = current.ok ? parseAnswer(userCall.answer, await current.json()) : null;
      return serverUser?.ok ? { kind: 'conflict', serverUser: serverUser.value } : { kind: 'retry' };
    } catch {
      return { kind: 'retry' };
    }
  }
  return { kind: 'rejected', message: messageOf(body, response) };
}

/** The notice for a refused entry: what was not done, and the server's reason. */
function rejectionNotice(entry: OutboxEntry, message: string): { title: string; description: string } {
  switch (entry.op.kind) {
    case 'profile':
      return { title: 'Profile change not saved', description: message };
    case 'payment-method-add':
      return { title: 'Payment method not added', description: `${PAYMENT_METHOD_LABELS[entry.op.body.type as keyof typeof PAYMENT_METHOD_LABELS] ?? 'Payment method'}: ${message}` };
    case 'payment-method-delete':
      return { title: 'Payment method not deleted', description: message };
  }
}

/**
 * Writes an applied entry's answer (parsed with its call's schema: the user for a profile edit, the
 * method for an add; undefined when it did not parse) into the cached copy, and removes the entry,
 * in one transaction.
 */
async function recordApplied(database: AppDB, entry: OutboxEntry, body: unknown, now: number): Promise<void> {
  await database.transaction('rw', [database.outbox, database.user, database.paymentMethods, database.meta], async () => {
    await database.outbox.delete(entry.seq!);
    const op = entry.op;
    if (op.kind === 'profile' && body !== undefined) {
      const user = body as CurrentUser;
      await database.user.put(user);
      await database.meta.put({ dataset: 'user', userId: entry.userId, updatedAt: now });
      // Edits queued on top of this one were made on its values: they are based on its result.
      const later = await database.outbox.where('userId').equals(entry.userId).toArray();
      for (const next of later) {
        if (next.op.kind === 'profile' && next.op.baseVersion === op.baseVersion && next.seq! > entry.seq!) {
          await database.outbox.update(next.seq!, { op: { ...next.op, baseVersion: user.version } });
        }
      }
    } else if (op.kind === 'payment-method-add' && body !== undefined) {
      const method = body as PaymentMethod;
      const count = await database.paymentMethods.where('userId').equals(entry.userId).count();
      await database.paymentMethods.put({ ...method, userId: entry.userId, position: count });
    } else if (op.kind === 'payment-method-delete') {
      await database.paymentMethods.delete(op.paymentMethodId);
    }
  });
}

/**
 * Sends the user's queued entries in order (see the file's comment for the rules). Resolves with
 * what happened; never throws for an answer of the server.
 */
export function replayOutbox({
  userId,
  database = defaultDb,
  fetch: doFetch = (...args) => fetch(...args),
  now = Date.now,
  ignoreBackoff = false,
}: ReplayOptions): Promise<ReplayReport> {
  return withOutboxLock(async () => {
    const report: ReplayReport = { applied: [], rejected: [], conflicts: [], retryAt: null, signedOut: false };
    let profileBlocked = false;
    const queued = await entriesOf(userId, database);
    for (const { seq } of queued) {
      // Read afresh: applying an earlier entry may have rebased this one.
      const entry = await database.outbox.get(seq!);
      if (!entry) continue;
      if (entry.status === 'conflict') {
        // Later profile edits build on this one: they wait for the user's choice.
        profileBlocked = true;
        report.conflicts.push(entry);
        continue;
      }
      if (profileBlocked && entry.op.kind === 'profile') continue;
      if (!ignoreBackoff && entry.nextAttemptAt > now()) {
        report.retryAt = entry.nextAttemptAt;
        break;
      }
      const outcome = await send(entry, doFetch);
      if (outcome.kind === 'applied') {
        await recordApplied(database, entry, outcome.body, now());
        report.applied.push(entry);
      } else if (outcome.kind === 'conflict') {
        await database.transaction('rw', [database.outbox, database.user], async () => {
          await database.outbox.update(entry.seq!, { status: 'conflict', serverUser: outcome.serverUser });
          await database.user.put(outcome.serverUser);
        });
        profileBlocked = true;
        report.conflicts.push({ ...entry, status: 'conflict', serverUser: outcome.serverUser });
      } else if (outcome.kind === 'rejected') {
        await database.transaction('rw', [database.outbox, database.notices], async () => {
          await database.outbox.delete(entry.seq!);
          await database.notices.add({ userId, ...rejectionNotice(entry, outcome.message), createdAt: now() });
        });
        report.rejected.push(entry);
      } else if (outcome.kind === 'signed-out') {
        report.signedOut = true;
        break;
      } else {
        const attempts = entry.attempts + 1;
        const nextAttemptAt = now() + backoffMs(attempts);
        await database.outbox.update(entry.seq!, { attempts, nextAttemptAt });
        report.retryAt = nextAttemptAt;
        break;
      }
    }
    return report;
  });
}

/** 'Keep mine': send the edit again against the server's newer version (a new request: a new key). */
export async function keepMyVersion(seq: number, newKey: string, database: AppDB = defaultDb): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const entry = await database.outbox.get(seq);
    if (!entry || entry.status !== 'conflict' || entry.op.kind !== 'profile' || !entry.serverUser) return;
    await database.outbox.update(seq, {
      status: 'pending',
      op: { ...entry.op, baseVersion: entry.serverUser.version },
      idempotencyKey: newKey,
      attempts: 0,
      nextAttemptAt: 0,
      serverUser: undefined,
    });
  });
}

/** "Use server's": drop the queued edit; the server's values stand. */
export async function acceptServerVersion(seq: number, database: AppDB = defaultDb): Promise<void> {
  await database.outbox.delete(seq);
}
