/**
 * The catalogue cache across processes: two caches on two connection pools stand for two API
 * processes. Their pages are kept for a minute here, so only a notification can make one forget a
 * page before the test's patience runs out.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { skinsQuerySchema } from '../../shared/schemas/market';
import { createDataSource } from '../db/dataSource';
import { buildListings, uniqueToken } from '../test/factories';
import { createCachedCatalogue, type CachedCatalogue } from './catalogueCache';

const KEPT_MS = 60_000;
const dataSources = [createDataSource(inject('databaseUrl'), { poolSize: 2 }), createDataSource(inject('databaseUrl'), { poolSize: 2 })];
let here: CachedCatalogue;
let elsewhere: CachedCatalogue;
beforeAll(async () => {
  await Promise.all(dataSources.map((dataSource) => dataSource.initialize()));
  here = createCachedCatalogue(dataSources[0]!, { ttlMs: KEPT_MS });
  elsewhere = createCachedCatalogue(dataSources[1]!, { ttlMs: KEPT_MS });
});
afterAll(async () => {
  await Promise.all([here.close(), elsewhere.close()]);
  await Promise.all(dataSources.map((dataSource) => dataSource.destroy()));
});

/** Takes a listing off the market behind every cache's back (no notification). */
const takeOff = (id: string) => dataSources[0]!.query(`UPDATE listings SET status = 'cancelled', cancel_reason = 'seller' WHERE id = $1`, [id]);

async function idsOn(cache: CachedCatalogue, token: string): Promise<string[]> {
  return (await cache.read(skinsQuerySchema.parse({ search: token }))).items.map((item) => item.id);
}

/** Reads every 50 ms until `done` holds or 10 s have passed; answers the last ids read. */
async function readUntil(cache: CachedCatalogue, token: string, done: (ids: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ids = await idsOn(cache, token);
    if (done(ids) || Date.now() > deadline) return ids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('createCachedCatalogue', () => {
  it('forgets its pages when another process clears its own (after a purchase there)', async () => {
    const token = uniqueToken();
    const [first, second, third] = await buildListings(dataSources[0]!, { count: 3, token });
    expect(await idsOn(elsewhere, token)).toHaveLength(3);

    // Listening starts with the first read and empties the cache once it is in place (anything
    // sent before was missed): wait for that, so that what follows is the notification's doing.
    await takeOff(first!.id);
    expect(await readUntil(elsewhere, token, (ids) => !ids.includes(first!.id))).not.toContain(first!.id);
    await takeOff(second!.id);
    expect(await idsOn(elsewhere, token), 'kept, as nothing said it changed').toContain(second!.id);

    here.clear();
    expect(await readUntil(elsewhere, token, (ids) => !ids.includes(second!.id))).toEqual([third!.id]);
  });

  it('tells what registered with onClear, on a clear here and on one in another process', async () => {
    const heardHere: number[] = [];
    const heardElsewhere: number[] = [];
    here.onClear(() => heardHere.push(Date.now()));
    elsewhere.onClear(() => heardElsewhere.push(Date.now()));
    // Registering starts listening where it had not started; once in place, listening forgets
    // everything once (what was sent before was missed). Let that pass, then count from none.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    heardHere.length = 0;
    heardElsewhere.length = 0;

    here.clear();
    expect(heardHere, 'at once, in the process that cleared').toHaveLength(1);
    const deadline = Date.now() + 10_000;
    while (heardElsewhere.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heardElsewhere, 'over the notification, in the other one').toHaveLength(1);
    expect(heardHere, 'not again from its own notification').toHaveLength(1);
  });

  it('forgets its own pages at once on clear()', async () => {
    const token = uniqueToken();
    const [first] = await buildListings(dataSources[0]!, { count: 2, token });
    expect(await idsOn(here, token)).toContain(first!.id);
    await takeOff(first!.id);
    expect(await idsOn(here, token), 'kept, as nothing said it changed').toContain(first!.id);
    here.clear();
    expect(await idsOn(here, token)).not.toContain(first!.id);
  });
});
