/**
 * What one purchase costs in database round trips, counted at the app's own connection pool: every
 * statement any part of the request sends (session, user, rate limit, standing, idempotency,
 * command, ledger, events, the catalogue's notification) goes through a pool client, so wrapping
 * the clients' `query` counts exactly what PostgreSQL receives. Each request runs alone (no
 * background work runs in tests), and the count ends once the pool is idle again, so what the
 * route sends after answering is counted too. The per-IP limiter's shared counts (written in
 * batches for all clients, at most once a second) are left out: they are not the purchase's.
 *
 * The bounds are the budget: a change that adds a round trip to a purchase fails here.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseCreator } from '../../commands/purchaseCreator';
import { createDataSource } from '../../db/dataSource';
import { buildListings, uniqueToken } from '../../test/factories';
import { type Buyer, signInBuyer } from '../../test/selling';
import { startTestApp, type TestApp } from '../../test/testApp';
import { idempotencyKey } from '../../test/wallet';
import { testDatabaseUrl } from '../../test/database';

let app: TestApp;
let statements: string[] | null = null;
/** Statements sent and not yet answered, on any pool client. */
let unanswered = 0;

beforeAll(async () => {
  app = await startTestApp();
  // TypeORM's PostgreSQL driver keeps its pg pool as `master`.
  const pool = (app.services.dataSource.driver as unknown as { master: pg.Pool }).master;
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [first, values] = args as [string | { text: string }, unknown[] | undefined];
      const text = typeof first === 'string' ? first : first.text;
      const keys = [values?.[0]].flat();
      const perIpLimit = /rate_limit_hits/.test(text) && keys.every((key) => typeof key === 'string' && key.startsWith('ip:'));
      if (statements && !perIpLimit) statements.push(text.replace(/\s+/g, ' ').trim());
      const answer = query(...args);
      if (answer instanceof Promise) {
        unanswered++;
        answer.then(
          () => unanswered--,
          () => unanswered--,
        );
      }
      return answer;
    };
  });
});
afterAll(() => app.close());

/** The statements `work` sends, counted until no statement has been under way for 50 ms. */
async function sentBy(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  statements = seen;
  try {
    await work();
    // What the route does after answering (the catalogue's notification) still counts.
    for (let idleFor = 0; idleFor < 5; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      idleFor = unanswered === 0 ? idleFor + 1 : 0;
    }
  } finally {
    statements = null;
  }
  return seen;
}

const listings = (count: number) =>
  buildListings(app.services.dataSource, { count, token: uniqueToken(), overrides: () => ({ priceCents: 150n }) });

const purchase = (buyer: Buyer, listingIds: string[], key = idempotencyKey()) => buyer.client.post('/api/purchases', { listingIds }, key);

/** Fails with the statements themselves, so a regression shows what was added. */
function expectAtMost(sent: string[], bound: number) {
  expect(sent.length, `${sent.length} statements:\n${sent.join('\n')}`).toBeLessThanOrEqual(bound);
}

/** The budget, in statements. */
const WINNING = 13;
const SOLD_BEFORE = 3;
const LOST_RACE = 7;
const REPLAY = 6;

describe('round trips of POST /api/purchases', () => {
  it('a purchase that wins, of one listing or a cart of five', async () => {
    const buyer = await signInBuyer(app);
    const [first, second, ...cart] = await listings(7);
    // The first purchase asks Steam about the trade URL and remembers the answer for a day.
    expect((await purchase(buyer, [first!.id])).status).toBe(201);

    let status = 0;
    const one = await sentBy(async () => {
      status = (await purchase(buyer, [second!.id])).status;
    });
    expect(status).toBe(201);
    const five = await sentBy(async () => {
      status = (await purchase(buyer, cart.map((listing) => listing.id))).status;
    });
    expect(status).toBe(201);
    expectAtMost(one, WINNING);
    // Multi-row statements: a bigger cart costs no more round trips.
    expect(five.length).toBe(one.length);
  });

  it('a purchase of a listing sold before it arrived: a 409 without a transaction', async () => {
    const [listing] = await listings(1);
    const winner = await signInBuyer(app);
    const loser = await signInBuyer(app);
    expect((await purchase(winner, [listing!.id])).status).toBe(201);
    expect((await purchase(loser, [(await listings(1))[0]!.id])).status).toBe(201);

    let status = 0;
    const sent = await sentBy(async () => {
      status = (await purchase(loser, [listing!.id])).status;
    });
    expect(status).toBe(409);
    expectAtMost(sent, SOLD_BEFORE);
    // No transaction at all.
    expect(sent).not.toContain('START TRANSACTION');
  });

  it('a purchase that loses the race for a listing (sold while it waited for the lock): a 409 after the lock', async () => {
    const [listing] = await listings(1);
    const winner = await signInBuyer(app);
    const loser = await signInBuyer(app);
    expect((await purchase(loser, [(await listings(1))[0]!.id])).status).toBe(201);
    // The winner's purchase, on a pool of its own (not counted), has done its work and holds the
    // listing's lock, uncommitted.
    const elsewhere = createDataSource(testDatabaseUrl(), { poolSize: 2 });
    await elsewhere.initialize();
    const open = elsewhere.createQueryRunner();
    await open.connect();
    await open.startTransaction();
    try {
      await purchaseCreator({ buyerId: winner.userId, listingIds: [listing!.id], dataSource: elsewhere, manager: open.manager });
      const [{ pid }] = (await open.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
      let status = 0;
      const sent = await sentBy(async () => {
        const pending = purchase(loser, [listing!.id]);
        // Until the loser's purchase waits for the listing's lock.
        for (;;) {
          const [{ waiting }] = (await elsewhere.query('SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
            pid,
          ])) as [{ waiting: number }];
          if (waiting > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await open.commitTransaction();
        status = (await pending).status;
      });
      expect(status).toBe(409);
      expectAtMost(sent, LOST_RACE);
      expect(sent.at(-1)).toBe('ROLLBACK');
    } finally {
      if (open.isTransactionActive) await open.rollbackTransaction();
      await open.release();
      await elsewhere.destroy();
    }
  });

  it('a repeat with the same key: the stored answer', async () => {
    const buyer = await signInBuyer(app);
    const [listing] = await listings(1);
    const key = { 'idempotency-key': randomUUID() };
    expect((await purchase(buyer, [listing!.id], key)).status).toBe(201);
    let status = 0;
    const sent = await sentBy(async () => {
      status = (await purchase(buyer, [listing!.id], key)).status;
    });
    expect(status).toBe(201);
    expectAtMost(sent, REPLAY);
  });
});
