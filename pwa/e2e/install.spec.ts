/**
 * Installability as Chromium judges it. `Page.getInstallabilityErrors`
 * reports 'in-incognito' in Playwright's usual throwaway contexts, so this spec opens a persistent
 * profile (launchPersistentContext), as an installed browser would be. It also checks what the
 * manifest promises: the shortcuts, and screenshots that exist as PNGs of their declared sizes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { PRERENDERED_ATTRIBUTE } from '../src/prerender/marker';
import { PRECACHED_TIMEOUT } from './helpers/offline';

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  form_factor?: 'wide' | 'narrow';
}

interface Manifest {
  display: string;
  start_url: string;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
  shortcuts: Array<{ name: string; url: string }>;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('Chromium finds the app installable and offers it; the manifest has shortcuts and real screenshots', async ({ baseURL, browserName }) => {
  test.skip(browserName !== 'chromium', 'Installability is a Chromium protocol check');
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'skinmarket-install-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    baseURL,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);

    // Chromium offered the install (beforeinstallprompt): the banner's button is up.
    await expect(page.getByRole('complementary', { name: 'Install SkinMarket' }).getByRole('button', { name: 'Install App' })).toBeVisible();
    await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: PRECACHED_TIMEOUT });

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(manifest.display).toBe('standalone');
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Market', '/market'],
      ['Sell', '/market/sell'],
      ['My Listings', '/listings'],
    ]);
    expect(new Set(manifest.screenshots.map((shot) => shot.form_factor))).toEqual(new Set(['wide', 'narrow']));
    for (const image of [...manifest.screenshots, ...manifest.icons]) {
      const response = await page.request.get(image.src);
      expect(response.status(), image.src).toBe(200);
      expect(response.headers()['content-type']).toContain('image/png');
      expect(pngSize(await response.body()), image.src).toBe(image.sizes);
    }
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
});

test('the ready-to-work-offline notice is shown once, not on later visits', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: PRECACHED_TIMEOUT });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.getByText('Ready to work offline')).toHaveCount(0);
});

test("the worker's first install waits for the page: registered once the market has hydrated, not while it does", async ({ page }) => {
  // What the page looked like at each registration: whether the HTML's screen was still hydrating.
  await page.addInitScript((prerenderedAttribute) => {
    const calls: Array<{ hydrating: boolean; readyState: string }> = [];
    (window as unknown as { registrations: typeof calls }).registrations = calls;
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
      calls.push({ hydrating: document.getElementById('root')?.hasAttribute(prerenderedAttribute) ?? false, readyState: document.readyState });
      return register.apply(this, args);
    };
  }, PRERENDERED_ATTRIBUTE);
  await page.goto('/market');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const registrations = await page.evaluate(() => (window as unknown as { registrations: unknown[] }).registrations);
  expect(registrations).toEqual([{ hydrating: false, readyState: 'complete' }]);
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: PRECACHED_TIMEOUT });
});
