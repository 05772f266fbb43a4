import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/user';
import { AppDB } from './db';
import { acceptServerVersion, backoffMs, enqueue, entriesOf, keepMyVersion, replayOutbox } from './outbox';

const ALICE = '76561198000000011';
const BOB = '76561198000000022';

function user(version: number, displayName = 'Alice Smith'): CurrentUser {
  return {
    steamId: ALICE,
    username: 'alice',
    displayName,
    email: 'alice@example.com',
    tradeUrl: '',
    avatar: '',
    profileUrl: '',
    balance: '0.00',
    depositReference: 'SM-1',
    version,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that answers from a script, in order, and records what was sent. */
function scriptedFetch(answers: Array<Response | Error | ((request: SentRequest) => Response)>) {
  const sent: SentRequest[] = [];
  const fake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${request.method} ${request.path}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  }) as typeof fetch;
  return { sent, fetch: fake };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const networkError = () => new TypeError('Failed to fetch');

let database: AppDB;
let clock = 1_000_000;
const now = () => clock;

beforeEach(async () => {
  database = new AppDB(`outbox-test-${Math.random()}`);
  await database.open();
  clock = 1_000_000;
});

afterEach(async () => {
  await database.delete();
});

const profileEdit = (displayName: string, baseVersion: number) =>
  ({ kind: 'profile', update: { displayName }, baseVersion }) as const;

describe('replayOutbox', () => {
  it('applies an entry once: removed from the queue, cached user updated, key and If-Match sent', async () => {
    await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    const { sent, fetch } = scriptedFetch([json(200, user(4, 'Alice Jones'))]);

    const report = await replayOutbox({ userId: ALICE, database, fetch, now });

    expect(report.applied).toHaveLength(1);
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/user/profile',
        body: { displayName: 'Alice Jones' },
        headers: expect.objectContaining({ 'Idempotency-Key': 'key-1', 'If-Match': '"3"' }),
      }),
    ]);
    expect(await entriesOf(ALICE, database)).toEqual([]);
    expect(await database.user.get(ALICE)).toMatchObject({ displayName: 'Alice Jones', version: 4 });

    // Nothing left: a second replay sends nothing.
    await replayOutbox({ userId: ALICE, database, fetch, now });
    expect(sent).toHaveLength(1);
  });

  it('retries network errors and 5xx with the same key, backing off, and keeps later entries behind', async () => {
    await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    await enqueue(ALICE, { kind: 'payment-method-delete', paymentMethodId: 'pm-1' }, 'key-2', { database });
    const { sent, fetch } = scriptedFetch([
      networkError(),
      json(503, { message: 'Service unavailable' }),
      json(409, { message: 'still running', code: 'idempotency_key_in_progress' }),
      json(200, user(4, 'Alice Jones')),
      json(200, { id: 'pm-1', deleted: true }),
    ]);

    const first = await replayOutbox({ userId: ALICE, database, fetch, now });
    expect(first.retryAt).toBe(clock + backoffMs(1));
    expect(sent).toHaveLength(1);

    // Too early: nothing is sent.
    await replayOutbox({ userId: ALICE, database, fetch, now });
    expect(sent).toHaveLength(1);

    clock += backoffMs(1);
    const second = await replayOutbox({ userId: ALICE, database, fetch, now });
    expect(second.retryAt).toBe(clock + backoffMs(2));
    expect(backoffMs(2)).toBeGreaterThan(backoffMs(1));

    // The network came back: the backoff is skipped.
    await replayOutbox({ userId: ALICE, database, fetch, now, ignoreBackoff: true });
    const last = await replayOutbox({ userId: ALICE, database, fetch, now, ignoreBackoff: true });

    expect(sent.map((request) => request.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/payment-methods/pm-1' });
    expect(last.applied).toHaveLength(2);
    expect(await entriesOf(ALICE, database)).toEqual([]);
  });

  it('removes an entry the server refuses (4xx) and leaves a notice saying why', async () => {
    await enqueue(
      ALICE,
      { kind: 'payment-method-add', body: { type: 'paypal', paypalEmail: 'a@b.co' } as never },
      'key-1',
      { database },
    );
    await enqueue(ALICE, { kind: 'payment-method-delete', paymentMethodId: 'pm-9' }, 'key-2', { database });
    const { fetch } = scriptedFetch([
      json(409, { message: 'You already have a PayPal payment method', code: 'conflict' }),
      json(404, { message: 'Payment method not found', code: 'not_found' }),
    ]);

    const report = await replayOutbox({ userId: ALICE, database, fetch, now });

    expect(report.rejected).toHaveLength(2);
    expect(await entriesOf(ALICE, database)).toEqual([]);
    expect(await database.notices.toArray()).toEqual([
      expect.objectContaining({ userId: ALICE, title: 'Payment method not added', description: 'PayPal: You already have a PayPal payment method' }),
      expect.objectContaining({ userId: ALICE, title: 'Payment method not deleted', description: 'Payment method not found' }),
    ]);
  });

  it('keeps a 412 as a conflict with the server values; later profile edits wait, other entries go on', async () => {
    await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    await enqueue(ALICE, profileEdit('Alice Brown', 3), 'key-2', { database });
    await enqueue(ALICE, { kind: 'payment-method-delete', paymentMethodId: 'pm-1' }, 'key-3', { database });
    const { sent, fetch } = scriptedFetch([
      json(412, { message: 'This record was changed elsewhere; reload and try again', code: 'precondition_failed' }),
      json(200, user(5, 'Alice Server')),
      json(200, { id: 'pm-1', deleted: true }),
    ]);

    const report = await replayOutbox({ userId: ALICE, database, fetch, now });

    expect(report.conflicts).toEqual([expect.objectContaining({ serverUser: expect.objectContaining({ displayName: 'Alice Server', version: 5 }) })]);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PATCH /api/user/profile',
      'GET /api/user',
      'DELETE /api/payment-methods/pm-1',
    ]);
    const [conflict, waiting] = await entriesOf(ALICE, database);
    expect(conflict).toMatchObject({ status: 'conflict', serverUser: { version: 5 } });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it("'Keep mine' re-sends against the server's version with a new key; 'Use server's' drops the edit", async () => {
    const mine = await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    const { sent, fetch } = scriptedFetch([
      json(412, { message: 'stale', code: 'precondition_failed' }),
      json(200, user(5, 'Alice Server')),
      json(200, user(6, 'Alice Jones')),
    ]);
    await replayOutbox({ userId: ALICE, database, fetch, now });

    await keepMyVersion(mine.seq!, 'key-2', database);
    await replayOutbox({ userId: ALICE, database, fetch, now });
    expect(sent.at(-1)).toMatchObject({ headers: expect.objectContaining({ 'If-Match': '"5"', 'Idempotency-Key': 'key-2' }) });
    expect(await entriesOf(ALICE, database)).toEqual([]);

    const other = await enqueue(ALICE, profileEdit('Alice Again', 3), 'key-3', { database });
    await database.outbox.update(other.seq!, { status: 'conflict', serverUser: user(6) });
    await acceptServerVersion(other.seq!, database);
    expect(await entriesOf(ALICE, database)).toEqual([]);
  });

  it('bases a profile edit queued on top of another on the result of the first', async () => {
    await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    await enqueue(ALICE, profileEdit('Alice Brown', 3), 'key-2', { database });
    const { sent, fetch } = scriptedFetch([json(200, user(4, 'Alice Jones')), json(200, user(5, 'Alice Brown'))]);

    await replayOutbox({ userId: ALICE, database, fetch, now });

    expect(sent.map((request) => request.headers['If-Match'])).toEqual(['"3"', '"4"']);
    expect(await database.user.get(ALICE)).toMatchObject({ version: 5 });
  });

  it('stops on 401 and keeps every entry for when the user signs in again', async () => {
    await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    await enqueue(ALICE, { kind: 'payment-method-delete', paymentMethodId: 'pm-1' }, 'key-2', { database });
    const { sent, fetch } = scriptedFetch([json(401, { message: 'Not signed in', code: 'unauthorized' })]);

    const report = await replayOutbox({ userId: ALICE, database, fetch, now });

    expect(report.signedOut).toBe(true);
    expect(sent).toHaveLength(1);
    expect(await entriesOf(ALICE, database)).toHaveLength(2);
  });

  it("never sends or shows another user's entries", async () => {
    await enqueue(BOB, profileEdit('Bob Stone', 1), 'bob-key', { database });
    const { sent, fetch } = scriptedFetch([]);

    await replayOutbox({ userId: ALICE, database, fetch, now });

    expect(sent).toEqual([]);
    expect(await entriesOf(ALICE, database)).toEqual([]);
    expect(await entriesOf(BOB, database)).toHaveLength(1);
  });

  it('sends each entry once when two replays run at the same time', async () => {
    await enqueue(ALICE, profileEdit('Alice Jones', 3), 'key-1', { database });
    const { sent, fetch } = scriptedFetch([json(200, user(4, 'Alice Jones'))]);

    await Promise.all([
      replayOutbox({ userId: ALICE, database, fetch, now }),
      replayOutbox({ userId: ALICE, database, fetch, now }),
    ]);

    expect(sent).toHaveLength(1);
  });
});
