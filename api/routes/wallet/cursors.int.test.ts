/** Forged cursors on the wallet's paginated lists: 400 {cursor: 'Invalid cursor'}, never a 500. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page } from '../../../shared/schemas/wallet';
import { encodeCursor } from '../../pagination';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { fund, idempotencyKey, startDeposit } from '../../test/wallet';

let app: TestApp;
let client: TestClient;
beforeAll(async () => {
  // Withdrawals of the checkout deposit at once: the clearing period is not what this file is about.
  app = await startTestApp({ env: { DEPOSIT_CLEARING_DAYS: '0' } });
  client = await signIn(app, uniqueSteamId());
  await fund(client, '50.00');
  await startDeposit(client, '10.00');
  await client.post('/api/withdrawals', { amount: '10.00', method: { type: 'paypal', paypalEmail: 'cursor@example.com' } }, idempotencyKey());
  await client.post('/api/withdrawals', { amount: '10.00', method: { type: 'paypal', paypalEmail: 'cursor@example.com' } }, idempotencyKey());
});
afterAll(() => app.close());

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const at = '2026-03-01T10:20:30.123456Z';

const forgedByEndpoint: Record<string, Array<[string, string]>> = {
  '/api/deposits': [
    ['a non-uuid id', encodeCursor({ at, id: 'not-a-uuid' })],
    ['a numeric id', encodeCursor({ at, id: 12345 })],
    ['a non-date timestamp', encodeCursor({ at: 'yesterday', id: randomUUID() })],
    ["the transactions list's cursor", encodeCursor({ id: '12345' })],
    ['the old "<date>|<id>" form with a bad id', b64('2026-03-01T10:20:30.123Z|ffff-zzzz')],
  ],
  '/api/withdrawals': [
    ['a non-uuid id', encodeCursor({ at, id: "x' OR '1'='1" })],
    ['a uuid-looking id that is too long', encodeCursor({ at, id: `${randomUUID()}0` })],
    ['an extra field', encodeCursor({ at, id: randomUUID(), limit: 1000 })],
    ['a JSON string', b64(JSON.stringify('cursor'))],
  ],
  '/api/transactions': [
    ['a non-numeric id', encodeCursor({ id: 'abc' })],
    ['an id beyond bigint', encodeCursor({ id: '99999999999999999999999' })],
    ['a uuid id', encodeCursor({ id: randomUUID() })],
    ['a number instead of a string', encodeCursor({ id: 5 })],
    ["the deposits list's cursor", encodeCursor({ at, id: randomUUID() })],
  ],
};

describe('forged cursors', () => {
  for (const [path, forged] of Object.entries(forgedByEndpoint)) {
    for (const [what, cursor] of forged) {
      it(`${path} answers 400 to ${what}`, async () => {
        const response = await client.get(`${path}?cursor=${encodeURIComponent(cursor)}`);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ fields: { cursor: 'Invalid cursor' } });
      });
    }
  }

  it('still pages with the cursors the API hands out', async () => {
    for (const path of Object.keys(forgedByEndpoint)) {
      const first = (await client.get<Page<{ id: string }>>(`${path}?limit=1`)).body;
      expect(first.nextCursor, path).toEqual(expect.any(String));
      const second = await client.get<Page<{ id: string }>>(`${path}?limit=1&cursor=${first.nextCursor}`);
      expect(second.status, path).toBe(200);
      expect(second.body.items).toHaveLength(1);
      expect(second.body.items[0]!.id).not.toBe(first.items[0]!.id);
    }
  });
});
