/**
 * Control characters in text input: a NUL once reached PostgreSQL (which refuses 0x00 in text)
 * and came back as a 500, and an ESC was stored as sent and later repainted an operator's
 * terminal. Every kind of text input — query fields, cursors, profile, support forms, payment
 * methods, push endpoints — now answers 400 naming the field, and nothing is written. Multi-line
 * fields (the contact message, the issue report's descriptions) keep their line breaks and tabs.
 */
import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '../shared/text';
import { createLogger } from './logger';
import { errorHandler } from './middleware/errors';
import { encodeCursor } from './pagination';
import { signIn, uniqueSteamId } from './test/signIn';
import { startTestApp, uniqueIp, type TestApp, type TestClient, type TestResponse } from './test/testApp';
import { idempotencyKey } from './test/wallet';

const NUL = '\u0000';
const ESC = '\u001b';
/** One of each class the API refuses in single-line text. */
const REFUSED = { NUL, ESC, DEL: '\u007f', 'C1 CSI': '\u009b', 'bidi override': '\u202e', 'lone surrogate': '\ud800' };
const CONTROL = CONTROL_CHARACTERS_MESSAGE;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => app.close());

/** The answer is the API's validation error naming `field` (with `message`, when given). */
function expectRefused(response: TestResponse, field: string, message?: string) {
  expect(response.status, response.text).toBe(400);
  const body = response.body as { message: string; code: string; fields?: Record<string, string> };
  expect(body.code).toMatch(/^(validation_failed|invalid_cursor)$/);
  expect(body.fields?.[field], response.text).toEqual(message ?? expect.any(String));
}

async function signedInUser(): Promise<{ client: TestClient; userId: string }> {
  const steamId = uniqueSteamId();
  const client = await signIn(app, steamId);
  const [row] = (await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [steamId])) as Array<{ id: string }>;
  return { client, userId: row!.id };
}

/** What a refused request must leave as it was: the user's profile and the rows they own. */
async function footprint(userId: string) {
  const [row] = (await app.services.dataSource.query(
    `SELECT u.display_name, u.email, u.trade_url, u.version,
       (SELECT count(*) FROM payment_methods WHERE user_id = $1)::int AS methods,
       (SELECT count(*) FROM withdrawals WHERE user_id = $1)::int AS withdrawals,
       (SELECT count(*) FROM push_subscriptions WHERE user_id = $1)::int AS subscriptions
     FROM users u WHERE u.id = $1`,
    [userId],
  )) as Array<Record<string, unknown>>;
  return row!;
}

const rowsWith = async (table: string, mark: string) =>
  ((await app.services.dataSource.query(`SELECT count(*)::int AS n FROM ${table} t WHERE t::text LIKE $1`, [`%${mark}%`])) as Array<{ n: number }>)[0]!.n;

describe('GET /api/skins', () => {
  const market = () => app.client();

  it.each([
    ['search', (c: string) => `AK${c}47`],
    ['minPrice', (c: string) => `1${c}`],
    ['maxPrice', (c: string) => `${c}5.00`],
    ['weaponType', (c: string) => `Rifle${c}`],
    ['rarity', (c: string) => `covert${c}`],
    ['condition', (c: string) => `Field-Tested${c}`],
    ['statTrak', (c: string) => `true${c}`],
    ['sort', (c: string) => `price_asc${c}`],
    ['limit', (c: string) => `1${c}`],
    ['cursor', (c: string) => c],
  ])('refuses a NUL or an ESC in %s with 400 naming it', async (field, value) => {
    for (const c of [NUL, ESC]) {
      expectRefused(await market().get(`/api/skins?${field}=${encodeURIComponent(value(c))}`), field);
    }
  });

  it('names the free-text fields with the control-character message', async () => {
    expectRefused(await market().get(`/api/skins?search=${encodeURIComponent(`AK${NUL}`)}`), 'search', CONTROL);
    expectRefused(await market().get(`/api/skins?search=%1b%5b2J`), 'search', CONTROL);
  });

  it('refuses a cursor whose fields carry control characters (decoded on the server) with 400, never 500', async () => {
    for (const c of [NUL, ESC, '\u009b', '\ud800']) {
      const cursor = encodeCursor({ sort: 'name_asc', name: `AK-47 | Redline${c}`, id: randomUUID() });
      expectRefused(await market().get(`/api/skins?sort=name_asc&cursor=${cursor}`), 'cursor', 'Invalid cursor');
    }
  });

  it('still finds ordinary searches, accents and emoji included', async () => {
    for (const search of ['AK-47 | Redline', 'Ångström Zoë', '😀']) {
      expect((await market().get(`/api/skins?search=${encodeURIComponent(search)}`)).status).toBe(200);
    }
  });
});

describe('the wallet cursors and other query text', () => {
  it('answers 400 for a cursor with control characters, raw or encoded', async () => {
    const { client } = await signedInUser();
    for (const path of ['/api/transactions', '/api/deposits', '/api/withdrawals']) {
      expectRefused(await client.get(`${path}?cursor=%00`), 'cursor');
      expectRefused(await client.get(`${path}?cursor=%1b`), 'cursor');
      expectRefused(await client.get(`${path}?cursor=${encodeCursor({ id: `1${NUL}` })}`), 'cursor');
    }
    expect((await client.get(`/api/events?lastEventId=%00`)).status).toBe(400);
    expect((await client.get(`/api/inventory?refresh=%00`)).status).toBe(400);
  });

  it('treats ids with control characters in the path as unknown (404), never reaching the database', async () => {
    const { client } = await signedInUser();
    expect((await client.post('/api/listings/%00/cancel')).status).toBe(404);
    expect((await client.get('/api/trade-offer/%1b/status')).status).toBe(404);
    expect((await client.request('DELETE', '/api/payment-methods/%00', { headers: idempotencyKey() })).status).toBe(404);
  });
});

describe('PATCH /api/user/profile', () => {
  it('refuses each control-character class, a newline and a tab in the display name, and changes nothing', async () => {
    const { client, userId } = await signedInUser();
    const before = await footprint(userId);
    const refused = { ...REFUSED, newline: '\n', 'CR LF': '\r\n', tab: '\t' };
    for (const [what, c] of Object.entries(refused)) {
      const response = await client.request('PATCH', '/api/user/profile', { body: { displayName: `Jane${c} Doe` } });
      expect(response.status, what).toBe(400);
      expectRefused(response, 'displayName', CONTROL);
    }
    expectRefused(await client.request('PATCH', '/api/user/profile', { body: { email: `jane${NUL}@example.com` } }), 'email', CONTROL);
    expectRefused(await client.request('PATCH', '/api/user/profile', { body: { email: `jane${ESC}@example.com` } }), 'email', CONTROL);
    expect(await footprint(userId)).toEqual(before);
  });

  it('accepts names with accents, other scripts and emoji', async () => {
    const { client } = await signedInUser();
    const response = await client.request('PATCH', '/api/user/profile', { body: { displayName: '  Zoë  Ångström-Łukasz 😀 ' } });
    expect(response.status, response.text).toBe(200);
    expect((response.body as { displayName: string }).displayName).toBe('Zoë Ångström-Łukasz 😀');
  });
});

describe('the contact and issue-report forms', () => {
  const contact = { name: 'Ana Lima', email: 'ana@example.com', subject: 'Payout question', category: 'Payment Problems', message: 'When does it arrive?' };
  const report = { issueType: 'bug', severity: 'high', title: 'Inventory stuck', description: 'It spins forever.', email: 'ana@example.com' };
  /** Each request from its own address: the forms are rate limited per IP. */
  const post = (path: string, body: unknown) => app.client({ ip: uniqueIp() }).post(path, body);

  it.each([
    ['name', `Ana${NUL}Lima`],
    ['name', `Ana${ESC}[2J Lima`],
    ['email', `ana${NUL}@example.com`],
    ['subject', `Payout${ESC}[31m question`],
    ['subject', 'Payout\nquestion'],
    ['message', `Hello${NUL}`],
    ['message', `Hello${ESC}[2K`],
    ['message', 'Hello\u0085there'],
    ['message', 'Hello\rthere'],
  ])('refuses a contact message whose %s is %j, storing nothing', async (field, value) => {
    const mark = `mark-${randomUUID()}`;
    const body = { ...contact, [field === 'subject' ? 'name' : 'subject']: `Marked ${mark}`, [field]: value };
    expectRefused(await post('/api/contact', body), field, CONTROL);
    expect(await rowsWith('contact_messages', mark)).toBe(0);
  });

  it('keeps line breaks and tabs in the message', async () => {
    const message = `Line one\r\nLine two\n\tindented ${randomUUID()}`;
    const response = await post('/api/contact', { ...contact, message });
    expect(response.status, response.text).toBe(201);
    const [row] = await app.services.dataSource.query('SELECT message FROM contact_messages WHERE id = $1', [(response.body as { id: string }).id]);
    expect(row.message).toBe(message);
  });

  it.each([
    ['title', `Stuck${ESC}[2J`],
    ['title', 'Stuck\tinventory'],
    ['description', `Spins${NUL}`],
    ['stepsToReproduce', `Open${ESC}[1A`],
    ['expectedBehavior', 'Loads\u007f'],
    ['actualBehavior', 'Spins\u009b'],
    ['email', `ana${ESC}@example.com`],
  ])('refuses an issue report whose %s is %j, storing nothing', async (field, value) => {
    const mark = `mark-${randomUUID()}`;
    const body = { ...report, [field === 'title' ? 'description' : 'title']: `Marked ${mark}`, [field]: value };
    expectRefused(await post('/api/issue-reports', body), field, CONTROL);
    expect(await rowsWith('issue_reports', mark)).toBe(0);
  });

  it('refuses control characters in the collected system info', async () => {
    const mark = `mark-${randomUUID()}`;
    const systemInfo = { userAgent: `Mozilla/5.0${NUL}`, screen: '390x844', appVersion: '1.0.0' };
    const response = await post('/api/issue-reports', { ...report, title: mark, includeSystemInfo: true, systemInfo });
    expectRefused(response, 'systemInfo.userAgent', CONTROL);
    expect(await rowsWith('issue_reports', mark)).toBe(0);
  });

  it('keeps line breaks and tabs in the descriptions', async () => {
    const description = `Steps:\r\n1. Open the market\n2.\tFilter ${randomUUID()}`;
    const response = await post('/api/issue-reports', { ...report, description, stepsToReproduce: 'a\nb', expectedBehavior: 'c\r\nd', actualBehavior: 'e\tf' });
    expect(response.status, response.text).toBe(201);
    const [row] = await app.services.dataSource.query('SELECT description, steps_to_reproduce FROM issue_reports WHERE id = $1', [(response.body as { id: string }).id]);
    expect(row).toEqual({ description, steps_to_reproduce: 'a\nb' });
  });
});

describe('payment methods and withdrawals', () => {
  const blank = { paypalEmail: '', cryptoCurrency: '', walletAddress: '', bankName: '', accountHolderName: '', iban: '', routingNumber: '', accountNumber: '', accountType: '', swiftCode: '' };
  const bank = { ...blank, type: 'bank_wire_usa', bankName: 'Chase', accountHolderName: 'Ana Lima', routingNumber: '021000021', accountNumber: '000123456789', accountType: 'savings' };
  const sepa = { ...blank, type: 'iban_sepa', accountHolderName: 'Ana Lima', bankName: 'Commerzbank', iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX' };
  const paypal = { ...blank, type: 'paypal', paypalEmail: 'ana@example.com' };
  const crypto = { ...blank, type: 'crypto', cryptoCurrency: 'bitcoin', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };

  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['a bank name with a terminal escape sequence', bank, 'bankName', `Evil${ESC}[2JBank`],
    ['a bank name with a NUL', bank, 'bankName', `Chase${NUL}`],
    ['an account holder with a C1 control', bank, 'accountHolderName', `Ana\u009bLima`],
    ['an account number with a NUL', bank, 'accountNumber', `0001234${NUL}56789`],
    ['a SEPA bank name with a bidi override', sepa, 'bankName', `Bank \u202eknaB`],
    ['an IBAN with a NUL', sepa, 'iban', `DE8937040044${NUL}0532013000`],
    ['a PayPal email with a NUL', paypal, 'paypalEmail', `ana${NUL}@example.com`],
    ['a wallet address with an ESC', crypto, 'walletAddress', `bc1qar0srrr7xfkvy5l643lydnw9re${ESC}gtzzwf5mdq`],
  ];

  it.each(cases)('refuses %s and saves nothing', async (_what, method, field, value) => {
    const { client, userId } = await signedInUser();
    const before = await footprint(userId);
    expectRefused(await client.post('/api/payment-methods', { ...method, [field]: value }, idempotencyKey()), field, CONTROL);
    const withdrawal = await client.post('/api/withdrawals', { amount: '20.00', method: { ...method, [field]: value } }, idempotencyKey());
    expectRefused(withdrawal, `method.${field}`, CONTROL);
    expect(await footprint(userId)).toEqual(before);
  });
});

describe('push subscriptions', () => {
  it('refuses control characters in the endpoint to subscribe or unsubscribe, and stores nothing', async () => {
    const { client, userId } = await signedInUser();
    const before = await footprint(userId);
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    for (const c of [NUL, ESC]) {
      const subscribe = await client.post('/api/push/subscriptions', { endpoint: `https://fcm.googleapis.com/fcm/send/abc${c}def`, keys });
      expectRefused(subscribe, 'endpoint', CONTROL);
      const unsubscribe = await client.request('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(`https://fcm.googleapis.com/${c}`)}`);
      expectRefused(unsubscribe, 'endpoint', CONTROL);
    }
    expect(await footprint(userId)).toEqual(before);
  });
});

describe('trade offers', () => {
  it('refuses control characters in the trade URL and asset ids', async () => {
    const { client } = await signedInUser();
    const tradeUrl = 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdEFGH';
    expectRefused(await client.post('/api/trade-offers', { items: [{ assetid: '1', price: '1.00' }], tradeUrl: `${tradeUrl}${NUL}` }), 'tradeUrl');
    expectRefused(await client.post('/api/trade-offers', { items: [{ assetid: `1${ESC}`, price: '1.00' }], tradeUrl }), 'items.0.assetid');
  });
});

describe('text PostgreSQL refuses, should a schema ever let it through', () => {
  it.each([
    ['a NUL in text (22021)', 'SELECT $1::text', `a${NUL}b`],
    ['a \\u0000 escape in JSON (22P05)', 'SELECT $1::jsonb', '{"name": "a\\u0000b"}'],
  ])('answers %s with 400 and logs no error with a stack', async (_what, sql, value) => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('info', destination);
    const koa = new Koa().use(errorHandler(logger)).use(async (ctx) => {
      ctx.body = await app.services.dataSource.query(sql, [value]);
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'The request holds characters that cannot be stored', code: 'invalid_characters' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const logged = lines.map((line) => JSON.parse(line) as { level: number });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.join('')).not.toContain('stack');
  });
});
