import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:8080', secure: false, steamMode: 'simulated', paymentsMode: 'simulated', tradeHoldMs: 604_800_000, seedListings: 2400 });
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

  it('is secure behind an https origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://market.example', TRUST_PROXY: 'true' })).toMatchObject({ secure: true, trustProxy: true });
  });
});
