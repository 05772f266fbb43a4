import { describe, expect, it } from 'vitest';
import { EMBEDDED_STAFF_CLIENT_ID, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:8080', secure: false, steamMode: 'simulated', paymentsMode: 'simulated', simulated: true, demoDeployment: false, tradeHoldMs: 604_800_000, seedListings: 2400 });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'http://localhost:9000/' })).toMatchObject({ port: 8080, publicUrl: 'http://localhost:9000' });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ STEAM_MODE: 'maybe' })).toThrow(/STEAM_MODE/);
    expect(() => loadConfig({ STEAM_MODE: 'live' })).toThrow(/STEAM_API_KEY/);
    expect(() => loadConfig({ PAYMENTS_MODE: 'live' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://market.example' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the proxy hops, the clearing period and the push services, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({ trustProxyHops: 1, depositClearingDays: 7 });
    expect(loadConfig({}).pushServiceHosts).toContain('fcm.googleapis.com');
    expect(loadConfig({ TRUST_PROXY_HOPS: '2', DEPOSIT_CLEARING_DAYS: '0', PUSH_SERVICE_HOSTS: ' Push.Example , *.push.example ' })).toMatchObject({
      trustProxyHops: 2,
      depositClearingDays: 0,
      pushServiceHosts: ['push.example', '*.push.example'],
    });
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('is secure behind an https origin', () => {
    expect(loadConfig({ ...live, PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true' })).toMatchObject({ secure: true, trustProxy: true, simulated: false });
  });
});

const liveBot = { BOT_ACCOUNT_NAME: 'market_bot', BOT_PASSWORD: 'pw', BOT_SHARED_SECRET: 'c2hhcmVk', BOT_IDENTITY_SECRET: 'aWRlbnRpdHk=' };
const liveSteam = { STEAM_MODE: 'live', STEAM_API_KEY: 'steam-key', ...liveBot };
const livePayments = { PAYMENTS_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
const live = { ...liveSteam, ...livePayments };

describe('mode rules (a simulated provider never faces real users)', () => {
  it('refuses live Steam with simulated payments, and the reverse', () => {
    expect(() => loadConfig(liveSteam)).toThrow(
      'Invalid environment: STEAM_MODE=live with PAYMENTS_MODE=simulated; set both to live or both to simulated',
    );
    expect(() => loadConfig(livePayments)).toThrow(
      'Invalid environment: STEAM_MODE=simulated with PAYMENTS_MODE=live; set both to live or both to simulated',
    );
  });

  it('refuses simulated modes on an https PUBLIC_URL unless a public demo is meant', () => {
    const https = { PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true' };
    expect(() => loadConfig(https)).toThrow(/^Invalid environment: simulated Steam and payments on an https PUBLIC_URL; set DEMO_DEPLOYMENT=true/);
    expect(() => loadConfig({ ...https, DEMO_DEPLOYMENT: 'false' })).toThrow(/DEMO_DEPLOYMENT=true/);
    expect(loadConfig({ ...https, DEMO_DEPLOYMENT: 'true' })).toMatchObject({ simulated: true, demoDeployment: true, secure: true });
  });

  it('starts with both modes live, or both simulated on plain http', () => {
    expect(loadConfig(live)).toMatchObject({ steamMode: 'live', paymentsMode: 'live', simulated: false });
    expect(loadConfig({ STEAM_MODE: 'simulated', PAYMENTS_MODE: 'simulated', PUBLIC_URL: 'http://192.168.1.5:8080' })).toMatchObject({ simulated: true });
  });

  it('needs all four trade-bot variables for live Steam', () => {
    for (const name of Object.keys(liveBot)) {
      expect(() => loadConfig({ ...live, [name]: '' })).toThrow(
        'Invalid environment: STEAM_MODE=live needs BOT_ACCOUNT_NAME, BOT_PASSWORD, BOT_SHARED_SECRET and BOT_IDENTITY_SECRET',
      );
    }
    expect(loadConfig(live)).toMatchObject({ botAccountName: 'market_bot', botPassword: 'pw', botSharedSecret: 'c2hhcmVk', botIdentitySecret: 'aWRlbnRpdHk=' });
  });

  it('refuses simulated modes listening beyond loopback unless a public demo is meant', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.2', 'market.example', 'localhost.example']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(
        `Invalid environment: simulated Steam and payments on HOST=${host} (not loopback); set DEMO_DEPLOYMENT=true if a public demo is meant, or both modes to live`,
      );
      expect(loadConfig({ HOST: host, DEMO_DEPLOYMENT: 'true' })).toMatchObject({ host, simulated: true });
      expect(loadConfig({ ...live, HOST: host })).toMatchObject({ host, simulated: false });
    }
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) expect(loadConfig({ HOST: host })).toMatchObject({ host });
  });

  it('runs web and worker processes only on a shared database, with secrets they share', () => {
    const shared = { DATABASE_URL: 'postgres://db/skinmarket', SESSION_KEYS: 'k'.repeat(40), DATA_ENCRYPTION_KEY: '0'.repeat(64), VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' };
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ ROLE: role })).toThrow(`Invalid environment: ROLE=${role} needs DATABASE_URL`);
      expect(() => loadConfig({ ...shared, ROLE: role, SESSION_KEYS: '', VAPID_PRIVATE_KEY: '' })).toThrow(
        `Invalid environment: ROLE=${role} needs SESSION_KEYS, VAPID_PRIVATE_KEY (the same in every process)`,
      );
      expect(loadConfig({ ...shared, ROLE: role })).toMatchObject({ role });
    }
    expect(loadConfig({})).toMatchObject({ role: 'all' });
    expect(() => loadConfig({ ROLE: 'bot' })).toThrow(/ROLE/);
  });

  it('reads DEMO_DEPLOYMENT as a boolean', () => {
    expect(() => loadConfig({ DEMO_DEPLOYMENT: 'sometimes' })).toThrow(/DEMO_DEPLOYMENT/);
  });
});

describe('the staff console\'s sign-in', () => {
  const company = { STAFF_OIDC_ISSUER: 'https://login.company.example/realms/staff/', STAFF_OIDC_CLIENT_ID: 'console', STAFF_OIDC_CLIENT_SECRET: 'secret' };

  it('uses the embedded provider under /dev/oidc in simulated mode, its secret derived later from the session key', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:9000' }).staffOidc).toEqual({
      issuer: 'http://localhost:9000/dev/oidc',
      clientId: EMBEDDED_STAFF_CLIENT_ID,
      clientSecret: undefined,
      embedded: true,
    });
    expect(loadConfig({}).staffRolesClaim).toBe('roles');
  });

  it('is off in live mode without STAFF_OIDC_ISSUER, and the company\'s provider with it', () => {
    expect(loadConfig(live).staffOidc).toBeUndefined();
    expect(loadConfig({ ...live, ...company, STAFF_ROLES_CLAIM: 'groups' })).toMatchObject({
      staffOidc: { issuer: 'https://login.company.example/realms/staff', clientId: 'console', clientSecret: 'secret', embedded: false },
      staffRolesClaim: 'groups',
    });
  });

  it('refuses to start live with an issuer on this server\'s own origin', () => {
    const own = { ...live, ...company, PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true' };
    for (const issuer of ['https://market.example/dev/oidc', 'https://market.example']) {
      expect(() => loadConfig({ ...own, STAFF_OIDC_ISSUER: issuer }), issuer).toThrow(
        `Invalid environment: STAFF_OIDC_ISSUER ${issuer} is on this server's own origin; live staff sign in through the company's provider`,
      );
    }
    expect(loadConfig({ ...own, STAFF_OIDC_ISSUER: 'https://login.market.example' }).staffOidc?.issuer).toBe('https://login.market.example');
  });

  it('needs the client id and secret with an issuer, and an issuer for them', () => {
    for (const missing of ['STAFF_OIDC_CLIENT_ID', 'STAFF_OIDC_CLIENT_SECRET']) {
      for (const mode of [{}, live]) {
        expect(() => loadConfig({ ...mode, ...company, [missing]: '' }), missing).toThrow(
          'Invalid environment: STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET',
        );
      }
    }
    expect(() => loadConfig({ STAFF_OIDC_CLIENT_ID: 'console' })).toThrow('STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET need STAFF_OIDC_ISSUER');
  });

  it('needs an https issuer, or plain http on loopback', () => {
    expect(() => loadConfig({ ...live, ...company, STAFF_OIDC_ISSUER: 'http://login.company.example' })).toThrow(
      'Invalid environment: STAFF_OIDC_ISSUER http://login.company.example must be https (plain http only on this machine\'s loopback)',
    );
    expect(loadConfig({ ...live, ...company, STAFF_OIDC_ISSUER: 'http://127.0.0.1:8081/realms/staff' }).staffOidc?.issuer).toBe('http://127.0.0.1:8081/realms/staff');
  });

  it('reads the four-eyes threshold in dollars as cents', () => {
    expect(loadConfig({}).withdrawalFourEyesCents).toBe(100_000n);
    expect(loadConfig({ WITHDRAWAL_FOUR_EYES_USD: '2500.5' }).withdrawalFourEyesCents).toBe(250_050n);
    expect(() => loadConfig({ WITHDRAWAL_FOUR_EYES_USD: '1,000' })).toThrow(/WITHDRAWAL_FOUR_EYES_USD/);
  });
});
