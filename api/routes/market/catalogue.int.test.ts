import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS, MARKET_SORTS, RARITIES, WEAPON_TYPES, type MarketSort } from '../../../shared/constants';
import { formatMoney, parseMoney } from '../../../shared/money';
import { type MarketItem, type SkinsPage } from '../../../shared/schemas/market';
import { type Listing } from '../../entities';
import { encodeCursor } from '../../pagination';
import { buildListings, uniqueToken, type ListingOverrides } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const get = (query: Record<string, string>) => app.client().get<SkinsPage & { code?: string; fields?: Record<string, string> }>(`/api/skins?${new URLSearchParams(query)}`);

async function page(query: Record<string, string>): Promise<SkinsPage> {
  const response = await get(query);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every item of a filtered view, page by page through the cursors. */
async function allPages(query: Record<string, string>, between?: () => Promise<void>): Promise<MarketItem[]> {
  const items: MarketItem[] = [];
  let cursor: string | null = null;
  do {
    const current: SkinsPage = await page({ ...query, ...(cursor ? { cursor } : {}) });
    items.push(...current.items);
    cursor = current.nextCursor;
    if (between) await between();
  } while (cursor);
  return items;
}

const cents = (item: MarketItem) => parseMoney(item.price)!;

/** Each sort's order in SQL, to compare pages with (items without a float last). */
const ORDER_OF: Record<MarketSort, string> = {
  price_desc: 'price_cents DESC, id DESC',
  price_asc: 'price_cents, id',
  name_asc: 'lower(name), id',
  float_asc: 'float NULLS LAST, id',
};

describe('GET /api/skins', () => {
  let token: string;
  let listed: Listing[];
  beforeAll(async () => {
    token = uniqueToken();
    listed = await buildListings(app.services.dataSource, { count: 120, token });
  });

  it('answers market items with every field, sorted by price high to low by default', async () => {
    const { items, nextCursor } = await page({ search: token });
    expect(items).toHaveLength(18);
    expect(nextCursor).toEqual(expect.any(String));
    const prices = items.map(cents);
    expect([...prices].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(prices);
    const [first] = items;
    expect(first).toEqual({
      id: expect.any(String),
      name: expect.stringContaining(token),
      marketHashName: expect.any(String),
      imageUrl: expect.stringMatching(/^\/dev\/steam\/economy\/image\/sim-/),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      weaponType: expect.any(String),
      rarity: expect.any(String),
      condition: first!.condition === null ? null : expect.any(String),
      float: first!.float === null ? null : expect.any(Number),
      paintSeed: first!.paintSeed === null ? null : expect.any(Number),
      statTrak: expect.any(Boolean),
      souvenir: expect.any(Boolean),
      tradableAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      inspectLink: first!.float === null ? null : expect.stringMatching(/^steam:\/\/run\/730\/\/\+csgo_econ_action_preview%20[0-9A-F]+$/),
    });
  });

  it('pages through every listing of a view exactly once, in each sort order', async () => {
    const ids = new Set(listed.map((listing) => listing.id));
    for (const sort of ['price_desc', 'price_asc', 'name_asc', 'float_asc'] as const) {
      const items = await allPages({ search: token, sort, limit: '7' });
      expect(items.map((item) => item.id).sort()).toEqual([...ids].sort());
      if (sort === 'name_asc' || sort === 'float_asc') {
        // Names sort case-insensitively in the database's collation, which need not be JavaScript's;
        // uuids as PostgreSQL compares them.
        const expected = (await app.services.dataSource.query(`SELECT id FROM listings WHERE name LIKE $1 ORDER BY ${ORDER_OF[sort]}`, [`% ${token}`])) as Array<{
          id: string;
        }>;
        expect(items.map((item) => item.id)).toEqual(expected.map((row) => row.id));
      } else {
        const prices = items.map(cents);
        const sorted = [...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(prices).toEqual(sort === 'price_desc' ? sorted.reverse() : sorted);
      }
    }
  });

  it('stays stable while listings are added between pages: no duplicates, no gaps among the ones that existed', async () => {
    const local = uniqueToken();
    const before = await buildListings(app.services.dataSource, { count: 40, token: local });
    for (const sort of ['price_desc', 'price_asc', 'name_asc', 'float_asc']) {
      const added: Listing[] = [];
      const items = await allPages({ search: local, sort, limit: '6' }, async () => {
        added.push(...(await buildListings(app.services.dataSource, { count: 3, token: `${local}x${added.length}` })));
      });
      const seen = items.map((item) => item.id);
      expect(new Set(seen).size).toBe(seen.length);
      for (const listing of before) expect(seen).toContain(listing.id);
      expect(added.length).toBeGreaterThan(0);
    }
  });

  it('filters by price range (inclusive) on top of the search', async () => {
    const prices = listed.map((listing) => listing.priceCents).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const min = prices[30]!;
    const max = prices[80]!;
    const items = await allPages({ search: token, minPrice: formatMoney(min), maxPrice: formatMoney(max), limit: '100' });
    const expected = listed.filter((listing) => listing.priceCents >= min && listing.priceCents <= max);
    expect(items.map((item) => item.id).sort()).toEqual(expected.map((listing) => listing.id).sort());
  });

  it('filters by weapon type, rarity, condition and StatTrak, alone and together', async () => {
    const all = await allPages({ search: token, limit: '100' });
    const check = async (query: Record<string, string>, keep: (item: MarketItem) => boolean) => {
      const items = await allPages({ search: token, limit: '100', ...query });
      expect(items.map((item) => item.id).sort(), JSON.stringify(query)).toEqual(all.filter(keep).map((item) => item.id).sort());
      return items.length;
    };
    let matched = 0;
    for (const weaponType of WEAPON_TYPES) matched += await check({ weaponType }, (item) => item.weaponType === weaponType);
    for (const rarity of RARITIES) matched += await check({ rarity }, (item) => item.rarity === rarity);
    for (const condition of CONDITIONS) matched += await check({ condition }, (item) => item.condition === condition);
    for (const statTrak of ['true', 'false']) matched += await check({ statTrak }, (item) => item.statTrak === (statTrak === 'true'));
    // Each of the four groups partitions the items (vanilla knives have no condition).
    expect(matched).toBeGreaterThanOrEqual(3 * all.length);
    const rifle = all.find((item) => item.weaponType === 'Rifle')!;
    await check(
      { weaponType: 'Rifle', rarity: rifle.rarity, statTrak: String(rifle.statTrak), ...(rifle.condition ? { condition: rifle.condition } : {}) },
      (item) => item.weaponType === 'Rifle' && item.rarity === rifle.rarity && item.statTrak === rifle.statTrak && item.condition === rifle.condition,
    );
  });

  it('searches names case-insensitively by substring, with LIKE wildcards taken literally', async () => {
    const [one] = listed;
    const fragment = one!.name.split(' | ')[0]!.toUpperCase();
    const items = await allPages({ search: `${token.toUpperCase()}`, limit: '100' });
    expect(items).toHaveLength(listed.length);
    const narrowed = await allPages({ search: `${fragment}`, limit: '100' });
    expect(narrowed.map((item) => item.id)).toContain(one!.id);
    expect((await page({ search: `${token.slice(0, 4)}%${token.slice(5)}` })).items).toEqual([]);
    expect((await page({ search: `${token.slice(0, 4)}_${token.slice(5)}` })).items).toEqual([]);
  });

  it('sorts Name A-Z as a person reads it, whatever the case', async () => {
    const local = uniqueToken();
    const names = ['MAG-7 | SWAG-7', 'MAG-7 | Silver', 'mag-7 | Bulldozer', 'MAG-7 | Sonar', 'AK-47 | Redline'];
    await buildListings(app.services.dataSource, { count: names.length, token: local, overrides: (index) => ({ name: names[index]! }) });
    const items = await allPages({ search: local, sort: 'name_asc', limit: '2' });
    expect(items.map((item) => item.name)).toEqual(['AK-47 | Redline', 'mag-7 | Bulldozer', 'MAG-7 | Silver', 'MAG-7 | Sonar', 'MAG-7 | SWAG-7'].map((name) => `${name} ${local}`));
  });

  it('searches by names: few, many (walked in the price order, or merged), pages equal to a plain filter', async () => {
    // Few names: 3 names, 30 listings. Many: 70 names, the most expensive listings of the market,
    // all of float 0 (found within the first rows of the price and float orders), and the cheapest
    // (not found there, merged).
    const few = uniqueToken();
    await buildListings(app.services.dataSource, { count: 30, token: few, overrides: (index) => ({ name: `Glock-18 | Few ${index % 3}` }) });
    const dear = uniqueToken();
    await buildListings(app.services.dataSource, { count: 70, token: dear, overrides: (index) => ({ name: `AWP | Dear ${index}`, priceCents: 9_999_000n + BigInt(index), float: 0 }) });
    const cheap = uniqueToken();
    await buildListings(app.services.dataSource, { count: 70, token: cheap, overrides: (index) => ({ name: `P250 | Cheap ${index}`, priceCents: 3n + BigInt(index % 5) }) });
    for (const local of [few, dear, cheap]) {
      for (const sort of MARKET_SORTS) {
        const items = await allPages({ search: local, sort, limit: '8' });
        const expected = (await app.services.dataSource.query(
          `SELECT id FROM listings WHERE sold_at IS NULL AND status IN ('holding', 'active') AND name LIKE $1 ORDER BY ${ORDER_OF[sort]}`,
          [`% ${local}`],
        )) as Array<{ id: string }>;
        expect(items.map((item) => item.id), `${local} ${sort}`).toEqual(expected.map((row) => row.id));
        expect(items.length).toBeGreaterThan(0);
      }
    }
    // A filter on top of a search in many names.
    const factoryNew = await allPages({ search: dear, sort: 'price_asc', condition: 'Factory New', limit: '5' });
    expect(factoryNew.every((item) => item.condition === 'Factory New')).toBe(true);
  });

  it('shows only available listings: not sold, not completed or cancelled', async () => {
    const local = uniqueToken();
    const soldAt = new Date();
    const states: ListingOverrides[] = [{ soldAt }, { status: 'cancelled', cancelReason: 'seller' }, { status: 'completed', soldAt }, { status: 'active' }];
    const [, , , active] = await buildListings(app.services.dataSource, { count: states.length, token: local, overrides: (index) => states[index]! });
    expect((await page({ search: local })).items.map((item) => item.id)).toEqual([active!.id]);
  });

  it('defaults to 18 items, allows up to 100', async () => {
    expect((await page({ search: token, limit: '100' })).items).toHaveLength(100);
    expect((await page({ search: token, limit: '1' })).items).toHaveLength(1);
  });

  it('refuses unknown parameters and values, bad numbers and inverted ranges with 400', async () => {
    const bad: Array<Record<string, string>> = [
      { colour: 'red' },
      { rarity: 'legendary' },
      { weaponType: 'Bazooka' },
      { condition: 'Mint' },
      { statTrak: 'yes' },
      { sort: 'newest' },
      { limit: '0' },
      { limit: '101' },
      { limit: '2.5' },
      { limit: 'ten' },
      { minPrice: '-1' },
      { minPrice: '1.234' },
      { maxPrice: '1e3' },
      { minPrice: 'abc' },
      { minPrice: '20.00', maxPrice: '10.00' },
      { search: 'x'.repeat(101) },
    ];
    for (const query of bad) {
      const response = await get(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
    const repeated = await app.client().get('/api/skins?rarity=covert&rarity=classified');
    expect(repeated.status).toBe(400);
  });

  it('refuses cursors it did not hand out, and cursors of another sort, with 400', async () => {
    const { nextCursor } = await page({ search: token, sort: 'price_desc' });
    const foreign = await get({ search: token, sort: 'name_asc', cursor: nextCursor! });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'invalid_cursor', fields: { cursor: 'Invalid cursor' } });
    const forged = [
      'not-a-cursor!',
      Buffer.from('garbage').toString('base64url'),
      encodeCursor({ sort: 'price_desc', price: 100, id: 'not-a-uuid' }),
      encodeCursor({ sort: 'price_desc', price: -5, id: '00000000-0000-4000-8000-000000000000' }),
      encodeCursor({ sort: 'price_desc', price: '100', id: '00000000-0000-4000-8000-000000000000' }),
      encodeCursor({ sort: 'price_desc', price: 100, id: '00000000-0000-4000-8000-000000000000', extra: 1 }),
      encodeCursor({ sort: 'name_asc', price: 100, id: '00000000-0000-4000-8000-000000000000' }),
      `${nextCursor}=`,
    ];
    for (const cursor of forged) {
      const response = await get({ search: token, cursor });
      expect(response.status, cursor).toBe(400);
      expect(response.body.code).toBe('invalid_cursor');
    }
  });
});

describe('GET /api/skins: float, pattern and Souvenir', () => {
  // Floats with ties, both ends of the scale and none at all (vanilla knives have none); a pattern
  // three listings share; three Souvenirs.
  const FLOATS = [0, 0.07, 0.07, 0.07, 0.15, 0.15, 0.25, 0.38, 0.45, 0.5, 0.5, 0.5, 0.5, 0.72, 0.99, 1, null, null, 0.3, 0.3, 0.5, 0.08, 0.62, 0.5];
  const PATTERN = 661;
  let token: string;
  let listed: Listing[];
  beforeAll(async () => {
    token = uniqueToken();
    listed = await buildListings(app.services.dataSource, {
      count: FLOATS.length,
      token,
      overrides: (index) => ({
        float: FLOATS[index],
        ...([2, 9, 20].includes(index) && { paintSeed: PATTERN }),
        ...([5, 9, 17].includes(index) && { skin: 'AWP | Dragon Lore', souvenir: true }),
      }),
    });
  });

  /** Every page of the token's listings with `query`, against the listings `keep` selects, in every sort. */
  async function expectFiltered(query: Record<string, string>, keep: (listing: Listing) => boolean): Promise<number> {
    const expected = listed.filter(keep).map((listing) => listing.id).sort();
    for (const sort of MARKET_SORTS) {
      const items = await allPages({ search: token, sort, limit: '5', ...query });
      expect(items.map((item) => item.id).sort(), `${JSON.stringify(query)} ${sort}`).toEqual(expected);
    }
    return expected.length;
  }

  it('filters by a float range, both ends included; items without a float match no range', async () => {
    const within = (min: number, max: number) => (listing: Listing) => listing.float !== null && listing.float >= min && listing.float <= max;
    expect(await expectFiltered({ minFloat: '0.07', maxFloat: '0.15' }, within(0.07, 0.15))).toBe(6);
    expect(await expectFiltered({ minFloat: '0.5' }, within(0.5, 1))).toBe(10);
    expect(await expectFiltered({ maxFloat: '0.07' }, within(0, 0.07))).toBe(4);
    expect(await expectFiltered({ minFloat: '0.5', maxFloat: '0.5' }, within(0.5, 0.5))).toBe(6);
    expect(await expectFiltered({ minFloat: '0', maxFloat: '1.000' }, within(0, 1))).toBe(FLOATS.length - 2);
    expect(await expectFiltered({ minFloat: '0.991', maxFloat: '0.999' }, within(0.991, 0.999))).toBe(0);
  });

  it('filters by pattern and by Souvenir, alone and together with the other filters', async () => {
    expect(await expectFiltered({ paintSeed: String(PATTERN) }, (listing) => listing.paintSeed === PATTERN)).toBeGreaterThanOrEqual(3);
    expect(await expectFiltered({ souvenir: 'true' }, (listing) => listing.souvenir)).toBe(3);
    expect(await expectFiltered({ souvenir: 'false' }, (listing) => !listing.souvenir)).toBe(FLOATS.length - 3);
    // Listing 9 is all of these at once.
    const combined = (listing: Listing) => listing.paintSeed === PATTERN && listing.souvenir && listing.float !== null && listing.float >= 0.4 && listing.float <= 0.6;
    expect(await expectFiltered({ paintSeed: String(PATTERN), souvenir: 'true', minFloat: '0.4', maxFloat: '0.6' }, combined)).toBe(1);
    const [nine] = listed.filter(combined);
    const price = formatMoney(nine!.priceCents);
    expect(
      await expectFiltered(
        { paintSeed: String(PATTERN), souvenir: 'true', minFloat: '0.4', maxFloat: '0.6', statTrak: 'false', weaponType: 'Sniper Rifle', rarity: nine!.rarity, minPrice: price, maxPrice: price },
        (listing) => listing.id === nine!.id,
      ),
    ).toBe(1);
    // Listing 20 is the one of them that is no Souvenir.
    const notSouvenir = (listing: Listing) => listing.paintSeed === PATTERN && !listing.souvenir && listing.float !== null && listing.float >= 0.4 && listing.float <= 0.6;
    expect(await expectFiltered({ paintSeed: String(PATTERN), souvenir: 'false', minFloat: '0.4', maxFloat: '0.6' }, notSouvenir)).toBe(1);
  });

  it('sorts Float: low to high, ties by id and items without a float last, page by page through every tie', async () => {
    for (const limit of ['1', '2', '3', '5']) {
      const items = await allPages({ search: token, sort: 'float_asc', limit });
      const expected = (await app.services.dataSource.query(`SELECT id FROM listings WHERE name LIKE $1 ORDER BY ${ORDER_OF.float_asc}`, [`% ${token}`])) as Array<{
        id: string;
      }>;
      expect(items.map((item) => item.id), `limit ${limit}`).toEqual(expected.map((row) => row.id));
      expect(items.map((item) => item.float)).toEqual([...FLOATS].sort((a, b) => (a ?? 2) - (b ?? 2)));
    }
    // With a range, the order is the range's.
    const ranged = await allPages({ search: token, sort: 'float_asc', minFloat: '0.3', maxFloat: '0.5', limit: '2' });
    expect(ranged.map((item) => item.float)).toEqual([0.3, 0.3, 0.38, 0.45, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it("refuses a bad float, pattern or Souvenir value with 400 and the field's message", async () => {
    const FLOAT = 'Must be a float from 0 to 1, such as 0.07';
    const PATTERN_MESSAGE = 'Must be a pattern from 0 to 1000';
    const bad: Array<[Record<string, string>, string, string]> = [
      ...['-0.1', '1.5', '2', 'abc', '.5', '0.', '0,5', '7e-2', '', ' 0.5', 'NaN'].flatMap((value): Array<[Record<string, string>, string, string]> => [
        [{ minFloat: value }, 'minFloat', FLOAT],
        [{ maxFloat: value }, 'maxFloat', FLOAT],
      ]),
      [{ minFloat: '0.5', maxFloat: '0.49' }, 'maxFloat', 'Min float must not be above max float'],
      ...['-1', '1001', '1.5', '07', 'abc', ''].map((value): [Record<string, string>, string, string] => [{ paintSeed: value }, 'paintSeed', PATTERN_MESSAGE]),
    ];
    for (const [query, field, message] of bad) {
      const response = await get(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body, JSON.stringify(query)).toMatchObject({ code: 'validation_failed', message, fields: { [field]: message } });
    }
    // Souvenir takes true or false, as StatTrak does, with the same message.
    const statTrak = await get({ statTrak: 'yes' });
    const souvenir = await get({ souvenir: 'yes' });
    expect(souvenir.status).toBe(400);
    expect(souvenir.body.fields).toEqual({ souvenir: statTrak.body.fields!.statTrak });
    expect((await get({ sort: 'float_desc' })).status).toBe(400);
    expect((await app.client().get('/api/skins?paintSeed=1&paintSeed=2')).status).toBe(400);
  });

  it('refuses float cursors it did not hand out, and cursors of another sort, with 400', async () => {
    const { nextCursor } = await page({ search: token, sort: 'float_asc', limit: '2' });
    expect((await get({ search: token, sort: 'price_asc', cursor: nextCursor! })).body.code).toBe('invalid_cursor');
    const id = '00000000-0000-4000-8000-000000000000';
    const forged = [
      encodeCursor({ sort: 'float_asc', float: 1.5, id }),
      encodeCursor({ sort: 'float_asc', float: -0.1, id }),
      encodeCursor({ sort: 'float_asc', float: '0.5', id }),
      encodeCursor({ sort: 'float_asc', id }),
      encodeCursor({ sort: 'float_asc', price: 100, id }),
      encodeCursor({ sort: 'price_asc', price: 100, id }),
    ];
    for (const cursor of forged) {
      const response = await get({ search: token, sort: 'float_asc', cursor });
      expect(response.status, cursor).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_cursor', fields: { cursor: 'Invalid cursor' } });
    }
  });
});

describe('GET /api/skins/:id', () => {
  it('answers one item on sale as the catalogue shows it, and 404 once it is not (or never was) on sale', async () => {
    const token = uniqueToken();
    const [listing] = await buildListings(app.services.dataSource, { count: 1, token });
    const page = (await app.client().get<SkinsPage>(`/api/skins?search=${token}`)).body;
    const one = await app.client().get<MarketItem>(`/api/skins/${listing!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(page.items[0]);

    await app.services.dataSource.query('UPDATE listings SET sold_at = now() WHERE id = $1', [listing!.id]);
    expect((await app.client().get(`/api/skins/${listing!.id}`)).status).toBe(404);
    expect((await app.client().get('/api/skins/5b0d6c1e-8f43-4d1c-9d55-1f0c3a1f2b7e')).status).toBe(404);
    expect((await app.client().get('/api/skins/not-an-id')).status).toBe(404);
  });
});
