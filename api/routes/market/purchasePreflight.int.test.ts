/**
 * POST /api/purchases refuses before its transaction what reads alone can refuse
 * (api/market/purchasePreflight.ts): the answer is the one the purchase itself would give, nothing
 * is written (not even the Idempotency-Key), and it never stands in for the stored answer of the
 * key: a repeat of a purchase that succeeded gets that answer, and the key with another body its 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PurchaseResult } from '../../../shared/schemas/market';
import { buildListings, uniqueToken } from '../../test/factories';
import { signInBuyer } from '../../test/selling';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';
import { balanceOf, idempotencyKey } from '../../test/wallet';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Answer = PurchaseResult & { message?: string; code?: string; fields?: Record<string, string> };

const listings = (count: number) => buildListings(app.services.dataSource, { count, token: uniqueToken(), overrides: () => ({ priceCents: 500n }) });
const purchase = (client: TestClient, listingIds: string[], key = idempotencyKey()) => client.post<Answer>('/api/purchases', { listingIds }, key);
const keyKept = async (userId: string, key: Record<string, string>) =>
  (await app.services.dataSource.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key['idempotency-key']])).length > 0;

describe('refusals before the purchase transaction', () => {
  it('a listing sold already: the 409 the purchase gives, naming it, with nothing written and no key kept', async () => {
    const [sold, free] = await listings(2);
    const winner = await signInBuyer(app, '20.00');
    expect((await purchase(winner.client, [sold!.id])).status).toBe(201);

    const loser = await signInBuyer(app, '20.00');
    const key = idempotencyKey();
    const refused = await purchase(loser.client, [free!.id, sold!.id], key);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'listings_unavailable',
      message: `${sold!.name} is no longer available; nothing was bought`,
      fields: { [sold!.id]: 'No longer available' },
    });
    expect(await balanceOf(loser.client)).toBe('20.00');
    expect(await keyKept(loser.userId, key)).toBe(false);
    // The key was not used up: with the sold listing left out, it buys.
    expect((await purchase(loser.client, [free!.id], key)).status).toBe(201);
  });

  it('never in place of the stored answer: a repeat replays it, the key with another body is a 422', async () => {
    const [listing, other] = await listings(2);
    const buyer = await signInBuyer(app, '20.00');
    const key = idempotencyKey();
    const first = await purchase(buyer.client, [listing!.id], key);
    expect(first.status).toBe(201);
    // The listing is sold now (to this very request): the repeat still gets the first answer.
    const again = await purchase(buyer.client, [listing!.id], key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    // Another body whose listing is gone too: the key's misuse is what the answer names.
    expect((await purchase((await signInBuyer(app, '20.00')).client, [other!.id])).status).toBe(201);
    const reused = await purchase(buyer.client, [other!.id], key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    expect(await balanceOf(buyer.client)).toBe('15.00');
  });

  it('a frozen account: 403 before anything else, nothing written', async () => {
    const [listing] = await listings(1);
    const buyer = await signInBuyer(app, '20.00');
    await app.services.dataSource.query(`UPDATE users SET frozen_at = now(), frozen_reason = 'test' WHERE id = $1`, [buyer.userId]);
    const key = idempotencyKey();
    const refused = await purchase(buyer.client, [listing!.id], key);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_frozen');
    expect(await keyKept(buyer.userId, key)).toBe(false);
    expect(Number((await app.services.dataSource.query('SELECT count(*) AS n FROM listings WHERE id = $1 AND sold_at IS NOT NULL', [listing!.id]))[0].n)).toBe(0);
  });
});
