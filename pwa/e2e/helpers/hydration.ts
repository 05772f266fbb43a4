/**
 * Pages that arrive as HTML (prerendered at build time, or /market rendered by the server) are
 * visible, cards and buttons included, before the app has hydrated them. A tap on a button in that
 * time waits for the app, and only the last one is made (src/prerender/earlyTaps.ts). start.tsx
 * takes `data-prerendered` off #root once the app owns the page: tests that interact wait for
 * that, so each click is answered as it is made.
 */
import { expect, type Page } from '@playwright/test';
import { PRERENDERED_ATTRIBUTE } from '../../src/prerender/marker';

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator(`#root[${PRERENDERED_ATTRIBUTE}]`)).toHaveCount(0, { timeout: 20_000 });
}

/** Opens `path` and waits until the app responds to input. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}
