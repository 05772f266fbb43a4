/**
 * Idempotency keys (Stripe's model) for money-moving and queued requests, atomic with the work
 * they guard. A client sends `Idempotency-Key: <unique>`; the first request with a key runs and
 * its successful answer is stored; a repeat with the same key and the same body gets that answer
 * back byte for byte (`Idempotent-Replayed: true`) without running again. The same key with a
 * different body is a 422. Records live 48 hours.
 *
 * Atomicity: the key's record, the command's changes and the stored answer commit in ONE database
 * transaction. The wrapper opens it (with `inTransaction`'s retries on 40001/40P01, which re-run
 * the handler), inserts the key row first — a parallel repeat's insert then waits on the unique
 * key until the first commits (then it replays) or rolls back (then it runs) — runs the handler,
 * and stores the answer before the commit. Anything failing anywhere (a refused request, a
 * crash, a lost connection) rolls everything back, the key included, so a retry with the same key
 * simply runs again: there is never a claimed key without its work, nor work without its key.
 *
 * How a route and its command take part (the whole contract):
 *
 *   router.post('/purchases', signedIn,
 *     idempotent(dataSource, { required: true }, validated({ body: schema }, async (ctx, { body }) => {
 *       const order = await purchaseCreator({ ...props, dataSource, manager: requestTransaction(ctx) });
 *       ctx.status = 201;
 *       ctx.body = presentOrder(order);
 *     })));
 *
 *   // api/commands/purchaseCreator.ts: all of its reads and writes on the manager it is given
 *   export function purchaseCreator({ dataSource, manager, ... }: Props & { manager?: EntityManager }) {
 *     return joinOrBegin(dataSource, manager, async (tx) => { ...lock, change, post to the ledger, audit... });
 *   }
 *
 * - `requestTransaction(ctx)` is the transaction's EntityManager while the handler runs (undefined
 *   when an optional key was not sent); the command must do ALL its database work on it and must
 *   not commit separately or open a second transaction (`joinOrBegin` in db/transaction.ts joins
 *   the given one, or begins its own when there is none).
 * - The handler may run more than once (serialization retries), so it must not have effects
 *   outside the database that a retry would repeat harmfully (an external call must be
 *   idempotent itself, as the payment provider's checkout is per deposit id).
 * - Only 2xx answers are stored; throwing (or answering non-2xx) rolls everything back.
 * - The transaction stays open while the handler runs: keep handlers short; repeats wait for it
 *   (at most LOCK_WAIT_MS, then 409 `idempotency_key_in_progress`).
 * - A `precheck` may refuse before the transaction opens what reads alone can refuse (see
 *   IdempotentOptions); the handler checks again under its locks.
 */
import { createHash } from 'node:crypto';
import { type Context, type Next } from 'koa';
import { type DataSource, type EntityManager } from 'typeorm';
import { inTransaction, sqlState } from '../db/transaction';
import { type User } from '../entities';
import { HttpError, badRequest, unprocessable } from '../errors';

const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
/** How long a repeat waits for the first request with its key (below the 15 s statement timeout). */
const LOCK_WAIT_MS = 10_000;
const PRUNE_EVERY = 200;

type Handler = (ctx: Context, next: Next) => Promise<unknown> | unknown;

interface StoredAnswer {
  status: number;
  body: string;
  replayed: boolean;
}

/** Thrown inside the transaction to roll back a non-2xx answer the handler set without throwing. */
class NotStored extends Error {}

/** The request's idempotency transaction while its handler runs (undefined without a key). */
export function requestTransaction(ctx: Context): EntityManager | undefined {
  return (ctx.state as { tx?: EntityManager }).tx;
}

/**
 * A precheck's read: one SELECT that answers exactly one row, run in one statement with the lookup
 * of the request's key, so that both see the same snapshot.
 */
export type PrecheckRead = <Row>(sql: string, params: unknown[]) => Promise<Row>;

export interface IdempotentOptions {
  required: boolean;
  /**
   * Runs before the transaction opens and may refuse what reads alone can refuse (a purchase of
   * listings sold already), sparing such a request the transaction, its locks and its key. Its
   * refusal (an HttpError) is the answer unless the key has a record: then the request goes on,
   * and a repeat of a request that succeeded still gets its stored answer (a different body its
   * 422). The key is looked up with the facts the precheck reads through `read`, in the same
   * snapshot, which is what makes the refusal safe: a first request commits its key together
   * with its work, so facts that show the work done come with the key. Without a `read`, the key
   * is looked up after the refusal (as safe: a committed key stays), at the cost of a statement.
   */
  precheck?: (ctx: Context, read: PrecheckRead) => Promise<void>;
}

export function idempotent(dataSource: DataSource, options: IdempotentOptions, handler: Handler) {
  let sincePrune = 0;

  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key) {
      if (options.required) throw badRequest('The Idempotency-Key header is required for this request', undefined, 'idempotency_key_required');
      await handler(ctx, next);
      return;
    }
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 255 visible ASCII characters', undefined, 'idempotency_key_invalid');
    const userId = (ctx.state.user as User).id;
    const rawBody = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const requestHash = createHash('sha256').update(`${ctx.method} ${ctx.path}\n${rawBody}`).digest('hex');

    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      await dataSource.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '48 hours'`);
    }

    if (options.precheck) {
      let recorded: boolean | undefined;
      const read: PrecheckRead = async <Row>(sql: string, params: unknown[]) => {
        const [row] = (await dataSource.query(
          `SELECT facts.*, EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = $${params.length + 1} AND key = $${params.length + 2}) AS idempotency_key_recorded
           FROM (${sql}) AS facts`,
          [...params, userId, key],
        )) as Array<Row & { idempotency_key_recorded: boolean }>;
        if (!row) throw new Error('a precheck read answers exactly one row');
        recorded = row.idempotency_key_recorded;
        return row;
      };
      try {
        await options.precheck(ctx, read);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (!(recorded ?? (await keyRecorded(dataSource, userId, key)))) throw error;
      }
    }

    let answer: StoredAnswer;
    try {
      answer = await inTransaction(dataSource, async (manager) => {
        const stored = await claim(manager, userId, key, requestHash);
        if (stored) return stored;
        (ctx.state as { tx?: EntityManager }).tx = manager;
        try {
          await handler(ctx, next);
        } finally {
          delete (ctx.state as { tx?: EntityManager }).tx;
        }
        if (ctx.status < 200 || ctx.status >= 300) throw new NotStored();
        const body = JSON.stringify(ctx.body ?? null);
        await manager.query(
          'UPDATE idempotency_keys SET response_status = $3, response_body = $4, completed_at = now() WHERE user_id = $1 AND key = $2',
          [userId, key, ctx.status, body],
        );
        return { status: ctx.status, body, replayed: false };
      });
    } catch (error) {
      if (error instanceof NotStored) return; // the handler's own non-2xx answer stands
      throw error;
    }
    ctx.status = answer.status;
    ctx.type = 'application/json';
    // The stored text itself, so the first answer and every replay are the same bytes.
    ctx.body = answer.body;
    if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
  };
}

/**
 * One statement inside the request's transaction: inserts the key's row, waiting at most
 * LOCK_WAIT_MS for a transaction that holds the key (lock_timeout, set for the insert and back to
 * its default after it, as SET LOCAL … TO DEFAULT would), and reads the stored record when the key
 * was taken already.
 */
const CLAIM_SQL = `
  WITH claimed AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash)
    SELECT $1::uuid, $2::text, $3::text WHERE set_config('lock_timeout', $4, true) IS NOT NULL
    ON CONFLICT DO NOTHING RETURNING key
  )
  SELECT attempt.claimed > 0 AS claimed, stored.request_hash, stored.response_status, stored.response_body,
    set_config('lock_timeout', (SELECT reset_val FROM pg_settings WHERE name = 'lock_timeout'), true) AS lock_timeout
  FROM (SELECT count(*) AS claimed FROM claimed) AS attempt
  LEFT JOIN idempotency_keys stored ON attempt.claimed = 0 AND stored.user_id = $1::uuid AND stored.key = $2::text`;

/**
 * Claims the key inside the request's transaction. Null when this request now owns the key; the
 * stored answer when an earlier request with the key committed; 422 when that request's body
 * differed. While another transaction holds the key, the claim waits for its outcome.
 */
async function claim(manager: EntityManager, userId: string, key: string, requestHash: string): Promise<StoredAnswer | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    let row: { claimed: boolean; request_hash: string | null; response_status: number | null; response_body: string | null };
    try {
      [row] = (await manager.query(CLAIM_SQL, [userId, key, requestHash, String(LOCK_WAIT_MS)])) as [typeof row];
    } catch (error) {
      if (sqlState(error) !== '55P03') throw error;
      throw new HttpError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');
    }
    if (row.claimed) return null;
    // Committed while the claim waited (after the statement's snapshot), or pruned in between: again.
    if (row.request_hash === null) continue;
    if (row.request_hash !== requestHash) {
      throw unprocessable('This Idempotency-Key was already used for a different request', 'idempotency_key_reused');
    }
    if (row.response_status !== null) return { status: row.response_status, body: row.response_body ?? 'null', replayed: true };
  }
  // Only a record without an answer (which this design never commits) could bring us here.
  throw new HttpError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');
}

/** Whether the key has a committed record (an answer to replay, or a body to refuse with 422). */
async function keyRecorded(dataSource: DataSource, userId: string, key: string): Promise<boolean> {
  const rows = (await dataSource.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key])) as unknown[];
  return rows.length > 0;
}
