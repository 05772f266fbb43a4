/**
 * Accessibility: axe-core (WCAG 2.1 A/AA rules) on every page of the route table
 * and the not-found screen, signed out and signed in as a user who has listings, an order and a
 * balance, and on the dialogs people act in (the market item's detail, the cart, the Sell tab's
 * Trade Protection notice and price dialog). Serious and critical violations fail the run, and so
 * does an uncaught error on a page (React reports a prerendered page that does not hydrate as one).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { pageRoutes } from '../../shared/routes';
import { expectNoSeriousViolations, expectReadableText, settled } from './helpers/axe';
import { openPage } from './helpers/hydration';
import { PRECACHED_TIMEOUT } from './helpers/offline';
import { buyViaApi, cheapestListing, saveTradeUrl, sellViaApi } from './helpers/selling';
import { signInAsNewUser } from './helpers/signIn';
import { topUp } from './helpers/wallet';
import { textOf } from './helpers/text';

const VIEWPORT = { width: 1280, height: 900 };
test.use({ viewport: VIEWPORT });

const paths = [...pageRoutes.map((route) => route.path), '/no-such-page'];

/** The page's uncaught errors from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('signed out', () => {
  for (const path of paths) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      const errors = pageErrors(page);
      await page.goto(path);
      await settled(page);
      await expectNoSeriousViolations(page, `${path} signed out`);
      expect(errors, `${path} signed out`).toEqual([]);
    });
  }

  test("the market item's dialog and the cart have no serious accessibility violations", async ({ page }) => {
    await openPage(page, '/market');
    const grid = page.getByRole('list', { name: 'Skins for sale' });
    const first = grid.getByRole('listitem').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    const name = await textOf(first.getByRole('heading'));
    await first.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'the market item dialog');

    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog.getByText('In your cart')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the open cart');
  });
});

test.describe('toasts at rest', () => {
  // axe leaves a toast's contrast undecided (fixed, over the page): expectReadableText works it out.
  /** The toast titled `title`, held still under the pointer (a hovered toast does not time out). */
  async function holdToast(page: Page, title: string, timeout?: number) {
    const toast = page.getByRole('status').filter({ hasText: title });
    await expect(toast).toBeVisible({ timeout });
    await toast.hover();
    return toast;
  }

  test("a first visit's 'Ready to work offline' (success) has no serious accessibility violations", async ({ page }) => {
    await page.goto('/');
    const toast = await holdToast(page, 'Ready to work offline', PRECACHED_TIMEOUT);
    await expectNoSeriousViolations(page, "the 'Ready to work offline' toast");
    await expectReadableText(toast, "the 'Ready to work offline' toast");
  });

  test("the cart's 'Already in Cart' (error) has no serious accessibility violations", async ({ page }) => {
    await openPage(page, '/market');
    const first = page.getByRole('list', { name: 'Skins for sale' }).getByRole('listitem').first();
    const name = await textOf(first.getByRole('heading'));
    await first.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog.getByText('In your cart')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    // The dialog hides the page behind it: closed, the toast is part of the page axe reads.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const toast = await holdToast(page, 'Already in Cart');
    await expectNoSeriousViolations(page, "the 'Already in Cart' toast");
    await expectReadableText(toast, "the 'Already in Cart' toast");
  });
});

test.describe('signed in', () => {
  // One account for the whole group: signing in, selling and buying once is the slow part.
  let context: BrowserContext;

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: VIEWPORT });
    const page = await context.newPage();
    const steamId = await signInAsNewUser(page);
    await saveTradeUrl(page, steamId);
    await sellViaApi(page, steamId, ['4.20', '9.99']);
    await topUp(page, '100.00');
    await buyViaApi(page, [(await cheapestListing(page)).id]);
    await page.close();
  });

  test.afterAll(async () => {
    await context?.close();
  });

  for (const path of paths) {
    test(`${path} has no serious accessibility violations`, async () => {
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(path);
      await settled(page);
      await expectNoSeriousViolations(page, `${path} signed in`);
      expect(errors, `${path} signed in`).toEqual([]);
      await page.close();
    });
  }

  test("the Sell tab's notice and price dialog have no serious accessibility violations", async () => {
    const page = await context.newPage();
    await page.goto('/market/sell');
    const notice = page.getByRole('dialog', { name: 'Trade Protection' });
    const card = page
      .getByRole('list', { name: 'Your inventory items' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Set Price' }) })
      .first();
    // The notice shows until acknowledged once in this browser, and hides the page from role queries while open.
    await expect(notice.or(card)).toBeVisible({ timeout: 20_000 });
    if (await notice.isVisible()) {
      await expectNoSeriousViolations(page, 'the Trade Protection notice');
      await notice.getByRole('button', { name: 'I Understand' }).click();
    }
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Set Price' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Your Selling Price' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Selling Price (USD)').fill('12.34');
    await expect(dialog.getByRole('region', { name: 'Payment breakdown' })).toContainText('$11.97');
    await expectNoSeriousViolations(page, 'the Set Your Selling Price dialog');
    await page.close();
  });
});
