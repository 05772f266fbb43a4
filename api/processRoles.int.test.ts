/**
 * Process roles on one database: a web process never calls the trade bot (its offers wait for the
 * leading worker, which the sweep here stands in for), and exactly one of several processes leads
 * the bot at a time. Real processes, nginx and kill -9 are the cluster tests' (ops/cluster).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import webpush from 'web-push';
import { TradeOffer } from './entities';
import { runMarketSweep } from './jobs/sweep';
import { createLogger } from './logger';
import { offerItems, signInSeller, eventually, sleep } from './test/selling';
import { startTestApp, type TestApp } from './test/testApp';
import { startBotLeadership, type BotLeadership } from './steam/botLeadership';
import { testDatabaseUrl } from './test/database';

let web: TestApp;
let worker: TestApp;
beforeAll(async () => {
  const vapid = webpush.generateVAPIDKeys();
  web = await startTestApp({ env: { ROLE: 'web', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } });
  // A worker acting on the bot directly, as the leader does; its sweep is run by hand.
  worker = await startTestApp({ env: { SIM_TRADE_ACCEPT_MS: '60000' } });
});
afterAll(async () => {
  await web?.close();
  await worker?.close();
});

const offerRow = (id: string) => web.services.dataSource.getRepository(TradeOffer).findOneByOrFail({ id });

describe('a web process', () => {
  it('leaves a sell offer for the leader: answered at once, still `sending`, sent by the worker', async () => {
    expect(web.services.runsBot()).toBe(false);
    const seller = await signInSeller(web);
    const created = await offerItems(seller, seller.sellable.slice(0, 1));
    expect(created.status).toBe(201);
    expect(created.body.success).toBe(true);
    expect((await offerRow(created.body.offerId)).status).toBe('sending');
    expect((await seller.client.get(`/api/trade-offer/${created.body.offerId}/status`)).body).toMatchObject({ success: true, isAccepted: false });

    await runMarketSweep(worker.services);
    const sent = await offerRow(created.body.offerId);
    expect(sent.status).toBe('open');
    expect(sent.steamOfferId).not.toBeNull();
  });

  it('records a cancel of an open offer for the leader, which cancels it at Steam', async () => {
    const seller = await signInSeller(web);
    const created = await offerItems(seller, seller.sellable.slice(0, 1));
    await runMarketSweep(worker.services);
    expect((await offerRow(created.body.offerId)).status).toBe('open');

    const cancelled = await seller.client.post(`/api/trade-offer/${created.body.offerId}/cancel`);
    expect(cancelled.status).toBe(200);
    const requested = await offerRow(created.body.offerId);
    expect(requested.status).toBe('open');
    expect(requested.cancelRequestedAt).not.toBeNull();

    await runMarketSweep(worker.services);
    expect((await offerRow(created.body.offerId)).status).toBe('failed');
    expect((await seller.client.get(`/api/trade-offer/${created.body.offerId}/status`)).body).toMatchObject({ success: false });
  });

  it('never calls the bot itself', async () => {
    await expect(web.services.bot.getTradeHistory(0)).rejects.toThrow('this process does not run the trade bot');
  });
});

describe('trade bot leadership', () => {
  it('lets exactly one of several processes lead, and a standby take over when the leader stops', async () => {
    const logger = createLogger('silent');
    const leading = new Set<number>();
    const contenders: BotLeadership[] = [0, 1, 2].map((index) =>
      startBotLeadership({
        databaseUrl: testDatabaseUrl(),
        logger,
        checkMs: 100,
        lead: () => {
          leading.add(index);
          return Promise.resolve(async () => void leading.delete(index));
        },
      }),
    );
    try {
      await eventually(async () => leading.size, (size) => size === 1);
      // Several rounds later, still one.
      await sleep(500);
      expect(leading.size).toBe(1);
      expect(contenders.filter((contender) => contender.isLeader())).toHaveLength(1);

      const [first] = [...leading];
      await contenders[first!]!.stop();
      expect(leading.has(first!)).toBe(false);
      await eventually(async () => leading.size, (size) => size === 1);
      expect(leading.size).toBe(1);
      expect(leading.has(first!)).toBe(false);
    } finally {
      await Promise.all(contenders.map((contender) => contender.stop()));
    }
    expect(leading.size).toBe(0);
  });

  it('names the leading process in /api/bot-status', async () => {
    const { beat } = await import('./steam/botHeartbeat');
    await beat(worker.services.dataSource, 'simulated');
    const status = (await web.client().get<{ online: boolean; leader: string }>('/api/bot-status')).body;
    expect(status).toMatchObject({ online: true, leader: `${hostname()}:${process.pid}` });
  });
});
