import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushMessage } from '../../../shared/schemas/push';
import { type Listing, User } from '../../entities';
import { recordEvent } from '../../events/domainEvents';
import { alertWatchers } from '../../market/watchAlerts';
import { dispatchPushes } from '../../push/pushDispatcher';
import { buildListing } from '../../test/factories';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';

/** A push service on loopback: records what arrives, answers with the status (and headers) a test chooses. */
interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
let pushService: http.Server;
let pushServiceUrl: string;
const deliveries: Delivery[] = [];
let answerStatus = 201;
let answerHeaders: http.OutgoingHttpHeaders = {};
/** Another server on loopback, standing for what a redirect could aim our server at. */
let internalService: http.Server;
const internalRequests: string[] = [];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answerStatus, answerHeaders).end();
    });
  });
  internalService = http.createServer((req, res) => {
    internalRequests.push(req.url ?? '');
    res.writeHead(200).end('{"AccessKeyId":"secret"}');
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => internalService.listen(0, '127.0.0.1', resolve));
  pushServiceUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await new Promise((resolve) => internalService.close(resolve));
  await app.close();
});

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** Decrypts an aes128gcm Web Push body the way the browser does (RFC 8188 + RFC 8291). */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): PushMessage {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by optional zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8')) as PushMessage;
}

async function userIdOf(client: TestClient): Promise<string> {
  const { steamId } = (await client.get<{ steamId: string }>('/api/user')).body;
  return ((await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [steamId])) as Array<{ id: string }>)[0]!.id;
}

/** A sold and delivered listing of the seller's: $12.72, of which $12.34 is theirs after the fee. */
async function completedListing(sellerId: string): Promise<Listing> {
  const seller = await app.services.dataSource.getRepository(User).findOneByOrFail({ id: sellerId });
  return buildListing(app.services.dataSource, { seller, skin: 'AK-47 | Redline', exterior: 'Field-Tested', priceCents: 1_272n, status: 'completed', soldAt: new Date() });
}

const subscriptionFor = (id: string, keys: ReturnType<typeof browserKeys>) => ({ endpoint: `${pushServiceUrl}/push/${id}`, expirationTime: null, keys: keys.json });

describe('Web Push', () => {
  it('publishes the VAPID public key', async () => {
    const response = await app.client().get<{ publicKey: string }>('/api/push/public-key');
    expect(response.status).toBe(200);
    expect(Buffer.from(response.body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('needs a session and a real push endpoint to subscribe', async () => {
    const keys = browserKeys();
    expect((await app.client().post('/api/push/subscriptions', subscriptionFor('anon', keys))).status).toBe(401);
    const client = await signIn(app, uniqueSteamId());
    expect((await client.post('/api/push/subscriptions', { endpoint: 'http://push.example.com/x', keys: keys.json })).status).toBe(400);
    expect((await client.post('/api/push/subscriptions', { endpoint: 'ftp://x', keys: keys.json })).status).toBe(400);
    expect((await client.post('/api/push/subscriptions', { endpoint: `${pushServiceUrl}/push/ok` })).status).toBe(400);
  });

  it('refuses endpoints that are not a known push service, and stores nothing', async () => {
    const client = await signIn(app, uniqueSteamId());
    const keys = browserKeys();
    // Loopback stays acceptable on this simulated server (its fake push service lives there); a live
    // server refuses it too (api/push/endpointPolicy.test.ts).
    const endpoints = [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/push/x',
      'https://192.168.1.1/push/x',
      'https://0.0.0.0/push/x',
      'https://[::ffff:a9fe:a9fe]/push/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://metadata.google.internal./computeMetadata/v1/',
      'https://push.example.com/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ];
    for (const endpoint of endpoints) {
      const response = await client.post('/api/push/subscriptions', { endpoint, keys: keys.json });
      expect(response.status, endpoint).toBe(400);
      expect(response.body, endpoint).toMatchObject({ message: 'Not a push service URL', fields: { endpoint: 'Not a push service URL' } });
    }
    expect(await app.services.dataSource.query('SELECT endpoint FROM push_subscriptions WHERE endpoint = ANY($1)', [endpoints])).toEqual([]);
    const allowListed = 'https://fcm.googleapis.com/fcm/send/' + randomBytes(8).toString('hex');
    expect((await client.post('/api/push/subscriptions', { endpoint: allowListed, keys: keys.json })).status).toBe(201);
  });

  it("refuses another user's endpoint (the owner keeps it), and lets the owner renew its keys", async () => {
    const owner = await signIn(app, uniqueSteamId());
    const other = await signIn(app, uniqueSteamId());
    const [ownerKeys, otherKeys, renewedKeys] = [browserKeys(), browserKeys(), browserKeys()];
    const path = `taken-${randomBytes(4).toString('hex')}`;
    expect((await owner.post('/api/push/subscriptions', subscriptionFor(path, ownerKeys))).status).toBe(201);

    const taken = await other.post('/api/push/subscriptions', subscriptionFor(path, otherKeys));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'push_endpoint_taken', message: 'This device already gets notifications for another account' });
    const stored = () => app.services.dataSource.query('SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint = $1', [subscriptionFor(path, ownerKeys).endpoint]);
    expect(await stored()).toEqual([{ user_id: await userIdOf(owner), p256dh: ownerKeys.json.p256dh }]);

    expect((await owner.post('/api/push/subscriptions', subscriptionFor(path, renewedKeys))).status).toBe(201);
    expect(await stored()).toEqual([{ user_id: await userIdOf(owner), p256dh: renewedKeys.json.p256dh }]);
  });

  it("sends the seller's device an encrypted, VAPID-signed 'Payment Completed' message, and nobody else's", async () => {
    const seller = await signIn(app, uniqueSteamId());
    const bystander = await signIn(app, uniqueSteamId());
    const [sellerKeys, bystanderKeys] = [browserKeys(), browserKeys()];
    const sellerPath = `seller-${randomBytes(4).toString('hex')}`;
    expect((await seller.post('/api/push/subscriptions', subscriptionFor(sellerPath, sellerKeys))).status).toBe(201);
    expect((await bystander.post('/api/push/subscriptions', subscriptionFor(`bystander-${sellerPath}`, bystanderKeys))).status).toBe(201);

    const sellerId = await userIdOf(seller);
    const listing = await completedListing(sellerId);
    await app.services.dataSource.transaction((manager) => recordEvent(manager, { userId: sellerId, type: 'listing', payload: { listingId: listing.id, status: 'completed' } }));
    answerStatus = 201;
    await dispatchPushes(app.services.dataSource, app.services.push, app.services.logger);

    const mine = deliveries.filter((delivery) => delivery.path.endsWith(sellerPath));
    expect(mine).toHaveLength(1);
    expect(deliveries.some((delivery) => delivery.path.includes('bystander'))).toBe(false);
    expect(mine[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(mine[0]!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(decrypt(mine[0]!.body, sellerKeys)).toMatchObject({
      title: 'Payment Completed',
      body: 'AK-47 | Redline: $12.34 added to your balance',
      url: '/listings',
      listing: { id: listing.id, status: 'completed' },
    });

    // Each event is pushed once, however often the dispatcher runs.
    await dispatchPushes(app.services.dataSource, app.services.push, app.services.logger);
    expect(deliveries.filter((delivery) => delivery.path.endsWith(sellerPath))).toHaveLength(1);
  });

  it("sends a watcher's device a 'Price Alert' that opens the listing in the market", async () => {
    const watcher = await signIn(app, uniqueSteamId());
    const keys = browserKeys();
    const path = `watcher-${randomBytes(4).toString('hex')}`;
    expect((await watcher.post('/api/push/subscriptions', subscriptionFor(path, keys))).status).toBe(201);
    const known = await buildListing(app.services.dataSource, { skin: 'AK-47 | Redline', exterior: 'Field-Tested' });
    expect((await watcher.post('/api/watchlist', { marketHashName: known.marketHashName, maxPrice: '12.34' })).status).toBeLessThan(300);
    const listing = await buildListing(app.services.dataSource, { skin: 'AK-47 | Redline', exterior: 'Field-Tested', marketHashName: known.marketHashName, priceCents: 1_234n });
    await app.services.dataSource.transaction((manager) => alertWatchers(manager, [listing]));

    await dispatchPushes(app.services.dataSource, app.services.push, app.services.logger);

    const mine = deliveries.filter((delivery) => delivery.path.endsWith(path));
    expect(mine).toHaveLength(1);
    expect(decrypt(mine[0]!.body, keys)).toEqual({
      title: 'Price Alert',
      body: `${listing.name} is on sale for $12.34`,
      url: `/market?listing=${listing.id}`,
    });
  });

  it('forgets a subscription the push service reports gone (410)', async () => {
    const seller = await signIn(app, uniqueSteamId());
    const keys = browserKeys();
    const path = `gone-${randomBytes(4).toString('hex')}`;
    await seller.post('/api/push/subscriptions', subscriptionFor(path, keys));
    const sellerId = await userIdOf(seller);
    const listing = await completedListing(sellerId);
    await app.services.dataSource.transaction((manager) => recordEvent(manager, { userId: sellerId, type: 'listing', payload: { listingId: listing.id, status: 'completed' } }));
    answerStatus = 410;
    try {
      await dispatchPushes(app.services.dataSource, app.services.push, app.services.logger);
    } finally {
      answerStatus = 201;
    }
    const left = await app.services.dataSource.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [sellerId]);
    expect(left).toEqual([]);
  });

  it('does not follow a redirect from the push service', async () => {
    const seller = await signIn(app, uniqueSteamId());
    const path = `redirect-${randomBytes(4).toString('hex')}`;
    await seller.post('/api/push/subscriptions', subscriptionFor(path, browserKeys()));
    const sellerId = await userIdOf(seller);
    const listing = await completedListing(sellerId);
    await app.services.dataSource.transaction((manager) => recordEvent(manager, { userId: sellerId, type: 'listing', payload: { listingId: listing.id, status: 'completed' } }));
    [answerStatus, answerHeaders] = [302, { location: `http://127.0.0.1:${(internalService.address() as AddressInfo).port}/latest/meta-data/` }];
    try {
      expect(await dispatchPushes(app.services.dataSource, app.services.push, app.services.logger)).toBe(0);
    } finally {
      [answerStatus, answerHeaders] = [201, {}];
    }
    expect(deliveries.filter((delivery) => delivery.path.endsWith(path))).toHaveLength(1);
    expect(internalRequests).toEqual([]);
    // A failed send is not a gone subscription.
    expect(await app.services.dataSource.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [sellerId])).toHaveLength(1);
  });

  it('unsubscribes only the caller’s own endpoint', async () => {
    const owner = await signIn(app, uniqueSteamId());
    const other = await signIn(app, uniqueSteamId());
    const subscription = subscriptionFor(`own-${randomBytes(4).toString('hex')}`, browserKeys());
    await owner.post('/api/push/subscriptions', subscription);
    expect((await other.request('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`)).body).toEqual({ removed: false });
    expect((await owner.request('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`)).body).toEqual({ removed: true });
  });
});
