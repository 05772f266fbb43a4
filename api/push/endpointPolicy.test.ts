import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { pushEndpointPolicy } from './endpointPolicy';

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

/** Where the review's endpoints pointed: the metadata service, private networks, loopback in disguise. */
const INTERNAL_ENDPOINTS = [
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.5/push/x',
  'https://192.168.1.1/push/x',
  'https://0.0.0.0/push/x',
  'https://127.0.0.1/push/x',
  'https://127.0.0.2/push/x',
  'https://2130706433/push/x',
  'https://[::1]/push/x',
  'https://[::ffff:127.0.0.1]/push/x',
  'https://[::ffff:a9fe:a9fe]/push/x',
  'https://localhost/push/x',
  'https://localhost./push/x',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata.google.internal./computeMetadata/v1/',
];

describe('the push endpoint policy of a live server', () => {
  const policy = pushEndpointPolicy(loadConfig(live));

  it('accepts the known push services, as browsers give them', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXJ0aWNsZQ:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMbNTx',
      'https://api.push.apple.com/3/device/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=AwYAAAB',
      'https://FCM.googleapis.com:443/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
    ]) {
      expect(policy.acceptsEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses every internal destination, however it is spelled', () => {
    for (const endpoint of INTERNAL_ENDPOINTS) expect(policy.acceptsEndpoint(endpoint), endpoint).toBe(false);
    expect(policy.acceptsEndpoint('http://127.0.0.1:8080/push/x')).toBe(false);
  });

  it('refuses hosts that only look like a push service, other schemes and ports, and credentials', () => {
    for (const endpoint of [
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://a..push.apple.com/x',
      'https://fcm.googleapis.com../x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(policy.acceptsEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('takes its host names from PUSH_SERVICE_HOSTS', () => {
    const custom = pushEndpointPolicy(loadConfig({ ...live, PUSH_SERVICE_HOSTS: 'push.example.com, *.Push.Example.Net' }));
    expect(custom.acceptsEndpoint('https://push.example.com/x')).toBe(true);
    expect(custom.acceptsEndpoint('https://eu.push.example.net/x')).toBe(true);
    expect(custom.acceptsEndpoint('https://push.example.net/x')).toBe(false);
    expect(custom.acceptsEndpoint('https://fcm.googleapis.com/fcm/send/x')).toBe(false);
    // Allow-listing a name never allows loopback: the sender still checks where it resolves.
    const loopbackNamed = pushEndpointPolicy(loadConfig({ ...live, PUSH_SERVICE_HOSTS: 'localhost' }));
    expect(loopbackNamed.acceptsEndpoint('https://localhost/push/x')).toBe(true);
    expect(loopbackNamed.acceptsAddress('127.0.0.1')).toBe(false);
  });

  it('connects only to public addresses', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '169.254.169.254', '0.0.0.0', '::', 'fd00::1', 'fe80::1', '100.64.0.1', '224.0.0.1']) {
      expect(policy.acceptsAddress(address), address).toBe(false);
    }
    expect(policy.acceptsAddress('142.250.185.10')).toBe(true);
    expect(policy.acceptsAddress('2a00:1450:4001:82a::200a')).toBe(true);
  });
});

describe('the push endpoint policy of a simulated server', () => {
  const policy = pushEndpointPolicy(loadConfig({}));

  it('also accepts the fake push service on loopback, over http too', () => {
    expect(policy.acceptsEndpoint('http://127.0.0.1:41234/push/x')).toBe(true);
    expect(policy.acceptsEndpoint('https://localhost:41234/push/x')).toBe(true);
    expect(policy.acceptsEndpoint('http://[::1]:41234/push/x')).toBe(true);
    expect(policy.acceptsEndpoint('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(policy.acceptsAddress('127.0.0.1')).toBe(true);
    expect(policy.acceptsAddress('::1')).toBe(true);
  });

  it('still refuses every other internal destination and unknown host', () => {
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/push/x',
      'http://192.168.1.1/push/x',
      'https://0.0.0.0/push/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://push.example.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'http://user:pw@127.0.0.1:41234/push/x',
    ]) {
      expect(policy.acceptsEndpoint(endpoint), endpoint).toBe(false);
    }
    for (const address of ['10.1.2.3', '169.254.169.254', '0.0.0.0', '::', 'fd00::1', '::ffff:192.168.0.1']) {
      expect(policy.acceptsAddress(address), address).toBe(false);
    }
  });
});
