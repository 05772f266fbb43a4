/**
 * The app shell as a signed-out visitor sees it: navigation bar, footer, routing, the 404 screen
 * and the mobile menu. URLs are relative to the baseURL of playwright.config.ts (the running
 * server). A visitor without the signed-in hint cookie never asks GET /api/user; the last test
 * checks that, and that signing in sets the hint and logout removes it.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/constants';
import { openPage } from './helpers/hydration';
import { accountMenuButton, DEMO_ACCOUNTS, signInAs, signInAsNewUser } from './helpers/signIn';

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

  test('the page as loaded keeps its scroll position; following a link lands at the top', async ({ page }) => {
    // Scrolled before the app's first render (the market's grid is drawn by it, not prerendered),
    // as a reload restoring its position would be.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, 240)));
    await page.goto('/market');
    await expect(page.getByRole('list', { name: 'Skins for sale' }).getByRole('article').first()).toBeVisible();
    // A smooth scroll to the top after the first render would be over well within this.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
    await expect(page).toHaveURL(/\/help-center$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  // The browser's app inserts no global styles of its own when the page has them (theme.ts,
  // providerSystem): every page, prerendered or the shell, must keep them once the app runs, and
  // hold them once.
  test("the design system's global styles hold on a prerendered page, the shell and after navigating", async ({ page }) => {
    const globalStyles = () =>
      page.evaluate(() => ({
        token: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-bg').trim(),
        background: getComputedStyle(document.body).backgroundColor,
        boxSizing: getComputedStyle(document.body).boxSizing,
        tokenSheets: Array.from(document.styleSheets).filter((sheet) => Array.from(sheet.cssRules).some((rule) => rule.cssText.startsWith('@layer tokens'))).length,
      }));
    const expected = { token: '#0a0d13', background: 'rgb(10, 13, 19)', boxSizing: 'border-box', tokenSheets: 1 };

    await page.goto('/help-center');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login with Steam' })).toBeVisible();
    expect(await globalStyles()).toEqual(expected);

    await mainNav(page).getByRole('link', { name: 'Market', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    expect(await globalStyles()).toEqual(expected);

    await page.goto('/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login with Steam' })).toBeVisible();
    expect(await globalStyles()).toEqual(expected);
  });

  test('/market/ and /market/sell show the market screen', async ({ page }) => {
    await page.goto('/market/');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    await page.goto('/market/sell');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
  });

  test.describe('without the service worker, so a download can fail', () => {
    test.use({ serviceWorkers: 'block' });

    test("a screen whose code cannot be loaded shows the error in the layout, and the next page works", async ({ page }) => {
      await page.route(/\/assets\/HelpCenterScreen-[^/]+\.js$/, (route) => route.abort());
      await openPage(page, '/market');
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();

      await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
      await expect(mainNav(page)).toBeVisible();

      await mainNav(page).getByRole('link', { name: 'Market' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    });

    test("the app's code failing to arrive once, the page loads again by itself and the app starts", async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      let failed = 0;
      await page.route(/\/assets\/start-[^/]+\.js$/, (route) => (failed++ === 0 ? route.abort() : route.continue()));
      await openPage(page, '/help-center');
      expect(failed).toBe(2);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Market' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("the app's code failing to arrive twice in a row is left to the visitor: the page does not reload over and over", async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      let asked = 0;
      await page.route(/\/assets\/start-[^/]+\.js$/, (route) => {
        asked += 1;
        return route.abort();
      });
      await page.goto('/help-center');
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]).toMatch(/start-[^/]+\.js/);
      // The page as served stays: the heading is the HTML's, and nothing asks for the code again.
      await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
      await page.waitForTimeout(1_000);
      expect(asked).toBe(2);
    });

    test('account menus whose code cannot be loaded leave the page working, with a way to reload', async ({ page }) => {
      await signInAsNewUser(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.route(/\/assets\/AccountMenus-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/market');

      await expect(page.getByRole('banner').getByRole('button', { name: 'Reload: the account menu could not be loaded' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
      await expect(mainNav(page)).toBeVisible();
      expect(errors).toEqual([]);

      await page.unroute(/\/assets\/AccountMenus-[^/]+\.js$/);
      await page.getByRole('banner').getByRole('button', { name: /^Reload/ }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu: / })).toBeVisible();
    });
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
      // Measured in one step: a page that is not prerendered replaces the shell's HTML (banner
      // included) with the app's own render once the app has started.
      const layout = await page.evaluate((text) => {
        const note = [...document.querySelectorAll('[role="note"]')].find((element) => element.textContent?.includes(text))!;
        const { y, height } = note.getBoundingClientRect();
        return { y, height, headerTop: document.querySelector('header')!.getBoundingClientRect().y };
      }, DEMO_TEXT);
      expect(layout.y, path).toBe(0);
      expect(Math.round(layout.height), path).toBe(29);
      expect(layout.headerTop, path).toBe(layout.height);
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

  test.describe('without the service worker, so a download can fail', () => {
    test.use({ serviceWorkers: 'block' });

    test("a menu sheet whose code cannot be loaded is replaced by a way to reload, and the page keeps working", async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.route(/\/assets\/MobileMenuSheet-[^/]+\.js$/, (route) => route.abort());
      await openPage(page, '/market');
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Reload: the menu could not be loaded' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
});

test.describe('the signed-in hint cookie (docs/adr/0047-signed-in-hint-cookie.md)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /**
   * GET /api/user requests, and console errors, failed requests and 4xx/5xx answers, from now on;
   * also the requests in flight and when the last one started or ended. A request the test's own
   * navigation cuts off (`cutOff`: in flight when it began, or started before it committed) is no
   * problem of the page; Chromium may report those failures before the navigation's commit.
   */
  function watch(page: Page) {
    const seen = {
      userRequests: [] as string[],
      problems: [] as string[],
      pending: new Set<Request>(),
      cutOff: new WeakSet<Request>(),
      leaving: false,
      lastActivity: Date.now(),
    };
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.leaving = false;
    });
    page.on('request', (request) => {
      if (seen.leaving) seen.cutOff.add(request);
      seen.pending.add(request);
      seen.lastActivity = Date.now();
      if (new URL(request.url()).pathname === '/api/user') seen.userRequests.push(`${request.method()} ${request.url()}`);
    });
    const ended = (request: Request) => {
      seen.pending.delete(request);
      seen.lastActivity = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', (request) => {
      ended(request);
      const error = request.failure()?.errorText;
      if (error === 'net::ERR_ABORTED' && seen.cutOff.has(request)) return;
      seen.problems.push(`request failed: ${request.url()} ${error}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') seen.problems.push(`console error: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) seen.problems.push(`${response.status()}: ${response.url()}`);
    });
    return seen;
  }

  /**
   * Visits `path` and waits until the page has settled: no request in flight for half a second, so
   * that what the app asks for once hydrated is seen. Playwright's 'networkidle' may come while the
   * app is still hydrating; on a busy machine even half a second may (see `watch`).
   */
  async function visitSignedOut(page: Page, seen: ReturnType<typeof watch>, path: string) {
    seen.leaving = true;
    for (const request of seen.pending) seen.cutOff.add(request);
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login with Steam' })).toBeVisible();
    await settled(seen);
  }

  function settled(seen: ReturnType<typeof watch>) {
    return expect.poll(() => seen.pending.size === 0 && Date.now() - seen.lastActivity >= 500, { intervals: [100] }).toBe(true);
  }

  test('a signed-out visit asks nothing about the user and logs no error; sign-in sets the hint, logout removes it', async ({ page, context }) => {
    const seen = watch(page);
    await visitSignedOut(page, seen, '/');
    await visitSignedOut(page, seen, '/market');
    await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
    expect(seen.userRequests).toEqual([]);
    expect(seen.problems).toEqual([]);

    await signInAs(page, DEMO_ACCOUNTS.buyer.personaName);
    expect(seen.userRequests.length).toBeGreaterThan(0);
    const hint = (await context.cookies()).find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatchObject({ value: '1', path: '/', httpOnly: false, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).toContain(`${SIGNED_IN_HINT_COOKIE}=1`);

    await accountMenuButton(page, DEMO_ACCOUNTS.buyer.personaName).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login with Steam' })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain(SIGNED_IN_HINT_COOKIE);

    // After logout, a visit is a signed-out one again: no user request, nothing in the console.
    await settled(seen);
    seen.userRequests.length = 0;
    seen.problems.length = 0;
    await visitSignedOut(page, seen, '/market');
    expect(seen.userRequests).toEqual([]);
    expect(seen.problems).toEqual([]);
  });
});
