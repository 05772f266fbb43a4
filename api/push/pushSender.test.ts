/**
 * The sender against a real push service on loopback: what the endpoint policy refuses is never
 * connected to, whatever the endpoint's host name resolves to, and a redirect is never followed.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { pushEndpointPolicy, type PushEndpointPolicy } from './endpointPolicy';
import { createPushSender } from './pushSender';

const live = {
  STEAM_MODE: 'live',
  STEAM_API_KEY: 'steam-key',
  BOT_ACCOUNT_NAME: 'market_bot',
  BOT_PASSWORD: 'pw',
  BOT_SHARED_SECRET: 'c2hhcmVk',
  BOT_IDENTITY_SECRET: 'aWRlbnRpdHk=',
  PAYMENTS_MODE: 'live',
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};
const simulatedPolicy = pushEndpointPolicy(loadConfig({}));
/** A live server that allow-lists a name resolving to loopback: only the address check can stop it. */
const livePolicy = pushEndpointPolicy(loadConfig({ ...live, PUSH_SERVICE_HOSTS: 'localhost' }));

/** Servers on loopback that record the paths they are asked for. */
function recordingServer(answer: (res: http.ServerResponse) => void) {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => answer(res));
  });
  return { server, paths, url: () => `http://localhost:${(server.address() as AddressInfo).port}` };
}
const pushService = recordingServer((res) => res.writeHead(201).end());
const internal = recordingServer((res) => res.writeHead(200).end('secret'));
const redirecting = recordingServer((res) => res.writeHead(302, { location: `${internal.url()}/latest/meta-data/` }).end());
const servers = [pushService, internal, redirecting];

beforeAll(async () => {
  // Reached as `localhost`, a name that resolves to loopback (Node tries each address it has).
  await Promise.all(servers.map(({ server }) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
});
afterAll(async () => {
  await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
});
beforeEach(() => {
  for (const { paths } of servers) paths.length = 0;
});

function sender(policy: PushEndpointPolicy) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@market.example' };
  return { push: createPushSender({ keys, policy, logger: createLogger('info', destination) }), log: () => lines.join('') };
}

function target(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const message = { title: 'Payment Completed', body: 'AK-47 | Redline: $12.34 added to your balance', url: '/listings' };

describe('createPushSender', () => {
  it('delivers to the fake push service of a simulated server (loopback is allowed there)', async () => {
    const { push } = sender(simulatedPolicy);
    expect(await push.send(target(`${pushService.url()}/push/sim-token`), message)).toBe('sent');
    expect(pushService.paths).toEqual(['/push/sim-token']);
  });

  it('never connects to a host that resolves to a loopback address on a live server', async () => {
    // The simulated URL rule lets this loopback endpoint through to the live address rule.
    const { push, log } = sender({ acceptsEndpoint: simulatedPolicy.acceptsEndpoint, acceptsAddress: livePolicy.acceptsAddress });
    expect(await push.send(target(`${pushService.url()}/push/named-token`), message)).toBe('failed');
    const literal = pushService.url().replace('localhost', '127.0.0.1');
    expect(await push.send(target(`${literal}/push/literal-token`), message)).toBe('failed');
    expect(pushService.paths).toEqual([]);
    expect(log()).toMatch(/"kind":"loopback".*push endpoint refused: its host is not a public address/);
    expect(log()).not.toContain('token');
  });

  it('refuses an allow-listed name that resolves to loopback, before connecting', async () => {
    const { push, log } = sender(livePolicy);
    expect(await push.send(target('https://localhost/push/live-token'), message)).toBe('failed');
    const refusal = JSON.parse(log()) as Record<string, unknown>;
    expect(refusal).toMatchObject({ pushService: 'https://localhost', kind: 'loopback', msg: 'push endpoint refused: its host is not a public address' });
    expect(['127.0.0.1', '::1']).toContain(refusal.address);
  });

  it('refuses at send time an endpoint saved before the policy, without connecting', async () => {
    const { push, log } = sender(livePolicy);
    expect(await push.send(target(`${pushService.url()}/push/old-token`), message)).toBe('failed');
    expect(pushService.paths).toEqual([]);
    expect(JSON.parse(log())).toMatchObject({ pushService: pushService.url(), msg: 'push endpoint refused: not a push service URL' });
  });

  it('does not follow a redirect: a 3xx is a failed send', async () => {
    const { push } = sender(simulatedPolicy);
    expect(await push.send(target(`${redirecting.url()}/push/redirect-token`), message)).toBe('failed');
    expect(redirecting.paths).toEqual(['/push/redirect-token']);
    expect(internal.paths).toEqual([]);
  });
});
