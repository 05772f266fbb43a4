/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app served
 * by the real server on a fresh database. `npm test` passes E2E_DATABASE_URL; run alone,
 * `npx playwright test` uses the server's embedded default in .data/e2e. E2E_PORT and E2E_PG_PORT
 * move the server and its database, for a second checkout running its own tests beside this one.
 */
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8091);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'pwa/e2e',
  // The full journey needs a trade hold of seconds, not this server's 7 days: playwright.journey.config.ts.
  testIgnore: 'journey.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx api/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.data/e2e',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54349',
      LOG_LEVEL: 'warn',
      SEED_LISTINGS: '60',
      SIM_TRADE_ACCEPT_MS: '1000',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
