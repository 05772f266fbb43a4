/**
 * The full journey (pwa/e2e/journey.spec.ts) on its own server: it waits for a sale's trade hold
 * to pass, so its server uses a hold of seconds (TRADE_HOLD_MS). The other specs run against
 * playwright.config.ts's server with the default 7 days, because they check listings still in
 * their hold (My Listings' countdown, 'Waiting for trade protection to end'), and a shared short
 * hold would end under them. Same browser and settings; its own database (E2E_DATABASE_URL, or an
 * embedded one of its own in .data/e2e-journey) and its own port. `npm test` runs both.
 */
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.E2E_PORT ?? 8092);
const baseURL = `http://127.0.0.1:${port}`;

/** Long enough for the buyer to buy while the item is still held, short enough to wait for. */
const JOURNEY_TRADE_HOLD_MS = 45_000;

const server = base.webServer as Extract<PlaywrightTestConfig['webServer'], { command: string }>;

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: 'journey.spec.ts',
  use: { ...base.use, baseURL },
  webServer: {
    ...server,
    url: `${baseURL}/readyz`,
    env: {
      ...server.env,
      PORT: String(port),
      DATA_DIR: '.data/e2e-journey',
      EMBEDDED_PG_PORT: '54350',
      TRADE_HOLD_MS: String(JOURNEY_TRADE_HOLD_MS),
    },
  },
});
