/**
 * The app shell as a signed-out visitor sees it: navigation bar, footer, routing, the 404 screen
 * and the mobile menu. URLs are relative to the baseURL of playwright.config.ts (the running
 * server), which answers GET /api/user with 401 for a visitor without a session.
 */
import { expect, test, type Page } from '@playwright/test';

const FOOTER_LINKS = [
  '/market',
  '/market/sell',
  '/inventory',
  '/help-center',
  '/contact-us',
  '/report-issue',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
];

function mainNav(page: Page) {
  return page.getByRole('banner').getByRole('navigation', { name: 'Main' });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the landing page shows the navigation bar of a signed-out visitor', async ({ page }) => {
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'SkinMarket home' })).toHaveAttribute('href', '/');
    await expect(mainNav(page).getByRole('link', { name: 'Market', exact: true })).toHaveAttribute('href', '/market');
    await expect(mainNav(page).getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute('href', '/market/sell');
    await expect(mainNav(page).getByRole('link', { name: 'Inventory', exact: true })).toHaveAttribute('href', '/inventory');

    const login = header.getByRole('link', { name: 'Login with Steam' });
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('href', '/auth/steam');
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('the footer links to all nine pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const href of FOOTER_LINKS) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText('not affiliated with');
  });

  test('clicking Market opens the market screen', async ({ page }) => {
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Market', exact: true }).click();

    await expect(page).toHaveURL(/\/market$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    await expect(page).toHaveTitle(/Market/);
    await expect(mainNav(page).getByRole('link', { name: 'Market', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('/market/ and /market/sell show the market screen', async ({ page }) => {
    await page.goto('/market/');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    await page.goto('/market/sell');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
  });

  test('an unknown path shows the 404 screen', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');

    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);

    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
  });
});

test.describe('demo mode (the e2e server runs simulated Steam and payments)', () => {
  const DEMO_TEXT = 'Demo mode: simulated Steam and payments, no real money';

  test('every page shows the demo banner at the very top, in the first paint', async ({ page }) => {
    // Records whether the banner was already there when the navigation bar first appeared: a banner
    // that arrived later (after a fetch, say) would push the whole page down.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('header')) return;
        (window as { bannerWithFirstHeader?: boolean }).bannerWithFirstHeader = document.querySelector('[role="note"]') !== null;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/market', '/inventory', '/help-center', '/terms-of-service', '/this-page-does-not-exist']) {
      await page.goto(path);
      const banner = page.getByRole('note').filter({ hasText: DEMO_TEXT });
      await expect(banner, path).toBeVisible();
      expect(await page.evaluate(() => (window as { bannerWithFirstHeader?: boolean }).bannerWithFirstHeader), path).toBe(true);
      const box = (await banner.boundingBox())!;
      expect(box.y, path).toBe(0);
      expect(Math.round(box.height), path).toBe(29);
      const headerTop = (await page.getByRole('banner').boundingBox())!.y;
      expect(headerTop, path).toBe(box.height);
    }
  });

  test('the banner text is whole on a narrow phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    const text = page.getByText(DEMO_TEXT, { exact: true });
    await expect(text).toBeVisible();
    expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight)).toBe(true);
    expect((await page.getByRole('banner').boundingBox())!.y).toBe((await page.getByRole('note').boundingBox())!.height);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens with the links and closes on an outside click', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Market', exact: true })).toHaveAttribute('href', '/market');
    await expect(menu.getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute('href', '/market#sell');
    await expect(menu.getByRole('link', { name: 'Inventory', exact: true })).toHaveAttribute('href', '/inventory');
    await expect(menu.getByRole('link', { name: 'Login with Steam' })).toHaveAttribute('href', '/auth/steam');

    // The sheet slides in from the right; the strip on the left is outside it.
    await page.mouse.click(12, 600);
    await expect(menu).toBeHidden();
  });

  test('following a link in the mobile menu navigates and closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Inventory', exact: true }).click();

    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
