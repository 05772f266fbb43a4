/**
 * The catalogue cache across processes: two caches on two connection pools stand for two API
 * processes. Their pages are kept for a minute here, so only a notification can make one forget a
 * page before the test's patience runs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinsQuerySchema } from '../../shared/schemas/market';
import { createDataSource } from '../db/dataSource';
import { recordEvent } from '../events/domainEvents';
import { buildListings, uniqueToken } from '../test/factories';
import { createCachedCatalogue, type CachedCatalogue } from './catalogueCache';
import { testDatabaseUrl } from '../test/database';

const KEPT_MS = 60_000;
const dataSources = [createDataSource(testDatabaseUrl(), { poolSize: 2 }), createDataSource(testDatabaseUrl(), { poolSize: 2 })];
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

/** Records a domain event for the listing's seller, as a change of it does when it commits. */
async function announce(listingId: string, type: 'listing' | 'balance' = 'listing'): Promise<void> {
  const [row] = (await dataSources[0]!.query('SELECT seller_id FROM listings WHERE id = $1', [listingId])) as Array<{ seller_id: string }>;
  await dataSources[0]!.transaction((manager) =>
    recordEvent(
      manager,
      type === 'listing'
        ? { userId: row!.seller_id, type, payload: { listingId, status: 'cancelled', cancelReason: 'seller' } }
        : { userId: row!.seller_id, type, payload: { listingId } },
    ),
  );
}

describe('createCachedCatalogue', () => {
  it('forgets its pages in every process when a listing event commits, and not for other events', async () => {
    const token = uniqueToken();
    const [first, second, third] = await buildListings(dataSources[0]!, { count: 3, token });
    expect(await idsOn(elsewhere, token)).toHaveLength(3);
    expect(await idsOn(here, token)).toHaveLength(3);

    // Listening starts with the first read and empties the cache once it is in place (anything
    // sent before was missed): wait for that, so that what follows is the events' doing.
    await takeOff(first!.id);
    expect(await readUntil(elsewhere, token, (ids) => !ids.includes(first!.id))).not.toContain(first!.id);
    expect(await readUntil(here, token, (ids) => !ids.includes(first!.id))).not.toContain(first!.id);
    await takeOff(second!.id);
    await announce(second!.id, 'balance');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await idsOn(elsewhere, token), 'kept, as no listing event said it changed').toContain(second!.id);

    await announce(second!.id);
    expect(await readUntil(elsewhere, token, (ids) => !ids.includes(second!.id))).toEqual([third!.id]);
    expect(await readUntil(here, token, (ids) => !ids.includes(second!.id)), 'in the process that recorded it too').toEqual([third!.id]);
  });

  it('keeps a page per float range, pattern, Souvenir choice and float order', async () => {
    const token = uniqueToken();
    const floats = [0.05, 0.2, 0.6];
    const listed = await buildListings(dataSources[0]!, {
      count: 3,
      token,
      overrides: (index) => ({ float: floats[index], paintSeed: 100 + index, ...(index === 2 && { skin: 'AWP | Dragon Lore', souvenir: true }) }),
    });
    const ids = async (query: Record<string, string>) => (await here.read(skinsQuerySchema.parse({ search: token, ...query }))).items.map((item) => item.id);
    const [low, middle, high] = listed.map((listing) => listing.id);
    expect((await ids({})).sort()).toEqual([low, middle, high].sort());
    expect(await ids({ minFloat: '0.1' })).toHaveLength(2);
    expect(await ids({ minFloat: '0.1', maxFloat: '0.3' })).toEqual([middle]);
    expect(await ids({ maxFloat: '0.1' })).toEqual([low]);
    expect(await ids({ paintSeed: '102' })).toEqual([high]);
    expect(await ids({ souvenir: 'true' })).toEqual([high]);
    expect((await ids({ souvenir: 'false' })).sort()).toEqual([low, middle].sort());
    expect(await ids({ sort: 'float_asc' })).toEqual([low, middle, high]);
  });

  it('tells what registered with onClear, once per listing event, in every process', async () => {
    const [listing] = await buildListings(dataSources[0]!, { count: 1, token: uniqueToken() });
    const heardHere: number[] = [];
    const heardElsewhere: number[] = [];
    here.onClear(() => heardHere.push(Date.now()));
    elsewhere.onClear(() => heardElsewhere.push(Date.now()));
    // Registering starts listening where it had not started; once in place, listening forgets
    // everything once (what was sent before was missed). Let that pass, then count from none.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    heardHere.length = 0;
    heardElsewhere.length = 0;

    await announce(listing!.id);
    const deadline = Date.now() + 10_000;
    while ((heardHere.length === 0 || heardElsewhere.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardHere).toHaveLength(1);
    expect(heardElsewhere).toHaveLength(1);
  });
});
