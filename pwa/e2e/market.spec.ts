/**
 * The market's Buy tab as visitors and buyers use it, against the server's seeded listings
 * (SEED_LISTINGS=60): the first page in the server's HTML (or, from the shell, asked for by the
 * page's entry), browsing, server-side filters kept in the URL (a reload restores them),
 * infinite scroll, the item dialog, the cart (duplicate refusal, sign-in for visitors), a refused
 * purchase for lack of balance, and a purchase with a topped-up balance followed on /checkout.
 * Other specs of the run may buy listings too, so nothing here depends on exact counts beyond the
 * first page and the next.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { MARKET_PAGE_SIZE } from '../../shared/constants';
import { formatUsd, parseMoney } from '../../shared/money';
import type { MarketItem, SkinsPage } from '../../shared/schemas/market';
import { accountIdOf } from '../../shared/steam';
import { DEFAULT_MARKET_FILTERS, skinsRequestPath } from '../../shared/skinsRequest';
import { openPage, waitForHydration } from './helpers/hydration';
import { allListings } from './helpers/selling';
import { signInAsNewUser } from './helpers/signIn';
import { topUp } from './helpers/wallet';
import { textOf } from './helpers/text';

test.use({ viewport: { width: 1280, height: 900 } });

// These are whole journeys (sign-in, top-up, purchase) on a machine that may be busy: more time per step.
const expect = baseExpect.configure({ timeout: 15_000 });

function cards(page: Page) {
  return page.getByRole('list', { name: 'Skins for sale' }).getByRole('listitem');
}

function navBalance(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Balance / });
}

function cartButton(page: Page) {
  return page.getByRole('button', { name: /^Cart, \d+ items?$/ });
}

/** Tops up through the hosted checkout (helpers/wallet.ts) and waits until the nav's balance shows it. */
async function topUpAndSeeBalance(page: Page, amount: string) {
  await topUp(page, amount);
  await expect(navBalance(page)).toHaveAccessibleName(`Balance $${amount}`, { timeout: 20_000 });
}

test.describe('without the service worker, so every request is seen', () => {
  test.use({ serviceWorkers: 'block' });

  /** The paths of the page's requests, in order. */
  function recordRequests(page: Page): string[] {
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requested.push(url.pathname + url.search);
    });
    return requested;
  }

  /** Notes in the page whether the grid ever showed its skeleton cards (a render without the data). */
  async function watchForGridSkeleton(page: Page) {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[aria-label="Loading skins"]')) return;
        document.documentElement.dataset.gridSkeletonSeen = 'true';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const gridSkeletonSeen = (page: Page) => page.evaluate(() => document.documentElement.dataset.gridSkeletonSeen === 'true');

  test('/market comes with its first page in the HTML, readable before any script runs, and the app takes it over without asking again', async ({ page, browser }) => {
    const firstPage = (await (await page.request.get(skinsRequestPath(DEFAULT_MARKET_FILTERS))).json()) as SkinsPage;
    const names = firstPage.items.map((item) => item.name);

    // The filters start open on wide screens only: in the HTML, by CSS alone.
    for (const { width, filtersShown } of [
      { width: 412, filtersShown: false },
      { width: 1280, filtersShown: true },
    ]) {
      const withoutScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const htmlOnly = await withoutScripts.newPage();
      await htmlOnly.goto('/market');
      await expect(cards(htmlOnly)).toHaveCount(MARKET_PAGE_SIZE);
      await expect(cards(htmlOnly).getByRole('heading')).toHaveText(names);
      await expect(htmlOnly.locator('#market-advanced-filters')).toBeVisible({ visible: filtersShown });
      await withoutScripts.close();
    }

    const requested = recordRequests(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && /hydrat/i.test(message.text()) && errors.push(message.text()));
    await watchForGridSkeleton(page);
    await openPage(page, '/market');
    await expect(cards(page).getByRole('heading')).toHaveText(names);
    // Hydrated on a wide screen: the filters are open, and the button says so.
    await expect(page.getByRole('button', { name: 'Advanced Filters' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#market-advanced-filters')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path.startsWith('/api/skins'))).toEqual([]);
    expect(await gridSkeletonSeen(page)).toBe(false);
    expect(errors).toEqual([]);
    // The app works on what it hydrated: the first card opens.
    await cards(page).first().getByRole('button', { name: names[0], exact: true }).click();
    await expect(page.getByRole('dialog', { name: names[0] })).toBeVisible();

    // Hydrated on a phone, the filters stay closed, and the button says so.
    await page.setViewportSize({ width: 412, height: 900 });
    await openPage(page, '/market');
    await expect(page.getByRole('button', { name: 'Advanced Filters' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#market-advanced-filters')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("taps on the server's HTML before the app runs: the last one is made once the app is ready", async ({ page }) => {
    // The app's start is held back, as a phone's slow download and main thread would hold it.
    let startApp!: () => void;
    const appHeld = new Promise<void>((resolve) => (startApp = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/market');
    const [first, second] = await cards(page).getByRole('heading').allTextContents();
    // A card opened, then a different card's 'Add to cart': only the later tap counts.
    await cards(page).nth(0).getByRole('button', { name: first, exact: true }).click();
    await cards(page).nth(1).getByRole('button', { name: `Add ${second} to cart` }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    startApp();
    await waitForHydration(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await cartButton(page).click();
    const inCart = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(inCart).toHaveCount(1);
    await expect(inCart).toContainText(second!);
  });

  // The shell is what the service worker answers /market with once installed (and what the server
  // answers /market/ with), so the app renders the market in the browser.
  test("opened from the shell, /market asks for the first page once, before the app's code, and the app's first render shows it", async ({ page }) => {
    const requested = recordRequests(page);
    await watchForGridSkeleton(page);
    await page.goto('/market/');
    await expect(cards(page)).toHaveCount(MARKET_PAGE_SIZE);

    const firstPage = skinsRequestPath(DEFAULT_MARKET_FILTERS);
    expect(requested.filter((path) => path.startsWith('/api/skins'))).toEqual([firstPage]);
    expect(requested.indexOf(firstPage)).toBeLessThan(requested.findIndex((path) => /^\/assets\/start-.+\.js$/.test(path)));
    expect(await gridSkeletonSeen(page)).toBe(false);
  });

  test('a first page that is slow to come does not hold the app back, and is still asked for once', async ({ page }) => {
    // Long enough that the app, on a busy machine too, starts before it: the app waits 1.5 s at most.
    const requested = recordRequests(page);
    await watchForGridSkeleton(page);
    await page.route('**/api/skins?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await route.continue();
    });
    await page.goto('/market/');
    // The app renders without it: its grid shows skeleton cards, and the app's controls work.
    await expect(page.getByRole('list', { name: 'Loading skins' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Advanced Filters' })).toBeEnabled();
    await expect(cards(page)).toHaveCount(MARKET_PAGE_SIZE);
    expect(requested.filter((path) => path.startsWith('/api/skins'))).toEqual([skinsRequestPath(DEFAULT_MARKET_FILTERS)]);
    expect(await gridSkeletonSeen(page)).toBe(true);
  });

  const CART_POPOVER_CHUNK = /^\/assets\/CartPopover-[^/]+\.js$/;

  test("the cart popover's code loads when the Cart button is approached, and the first click opens it with focus inside", async ({ page }) => {
    const requested = recordRequests(page);
    await openPage(page, '/market');
    await expect(cards(page)).toHaveCount(MARKET_PAGE_SIZE);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => CART_POPOVER_CHUNK.test(path))).toEqual([]);

    await cartButton(page).hover();
    await expect.poll(() => requested.filter((path) => CART_POPOVER_CHUNK.test(path)).length).toBe(1);
    await cartButton(page).click();
    const popover = page.getByRole('dialog', { name: 'Cart' });
    await expect(popover).toContainText("Your cart is empty. Open a skin and choose 'Add to cart'.");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-label'))).toBe('Cart');

    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(cartButton(page)).toBeFocused();
  });

  test('a cart popover whose code cannot be loaded leaves the market working, with a way to reload', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/\/assets\/CartPopover-[^/]+\.js$/, (route) => route.abort());
    await openPage(page, '/market');
    await expect(cards(page)).toHaveCount(MARKET_PAGE_SIZE);

    await cartButton(page).click();
    await expect(page.getByRole('button', { name: 'Reload: the cart could not be loaded' })).toBeVisible();
    await expect(cards(page)).toHaveCount(MARKET_PAGE_SIZE);
    await expect(page.getByRole('button', { name: 'Advanced Filters' })).toBeEnabled();
    expect(errors).toEqual([]);
  });
});

// Drawn by no first paint, their recipes are still in the theme (pwa/src/theme.ts): a build that lost one would draw them unstyled.
test('the item dialog and the cart, whose code loads after the first paint, are drawn by their recipes', async ({ page }) => {
  await openPage(page, '/market');
  const name = (await cards(page).first().getByRole('heading').textContent())!;
  await cards(page).first().getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // The dialog's recipe lays it over the page, on the panel colour, with rounded corners.
  const drawn = (element: HTMLElement) => {
    const own = getComputedStyle(element);
    return { over: getComputedStyle(element.parentElement!).position, background: own.backgroundColor, corner: own.borderTopLeftRadius, shadow: own.boxShadow };
  };
  const dialogStyle = await dialog.evaluate(drawn);
  expect(dialogStyle.over).toBe('fixed');
  expect(dialogStyle.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(dialogStyle.corner).not.toBe('0px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await cartButton(page).click();
  const popover = page.getByRole('dialog', { name: 'Cart' });
  await expect(popover).toBeVisible();
  const popoverStyle = await popover.evaluate(drawn);
  expect(popoverStyle.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(popoverStyle.shadow).not.toBe('none');
});

test('a visitor browses, filters (kept in the URL), scrolls for more and fills the cart', async ({ page }) => {
  test.slow();
  const listings = await allListings(page);
  expect(listings.length).toBeGreaterThan(2 * MARKET_PAGE_SIZE);

  await openPage(page, '/market');
  await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Market tabs' }).getByRole('link', { name: 'Buy' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards(page)).toHaveCount(MARKET_PAGE_SIZE);
  // Default sort: price high to low, as the server orders it.
  await expect(cards(page).first()).toContainText(listings[0]!.name);

  // Scrolling to the end of the grid loads the next page.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(cards(page)).toHaveCount(2 * MARKET_PAGE_SIZE, { timeout: 20_000 });

  // Rarity + search: pick a rarity and a word that some listing of that rarity really has.
  const unique = (item: MarketItem) => listings.filter((other) => other.name === item.name).length === 1;
  const target = listings.find((item) => item.rarity !== 'unknown' && unique(item) && /\|\s*\S{4,}/.test(item.name))!;
  const word = /\|\s*(\S{4,})/.exec(target.name)![1]!;
  const expected = listings.filter((item) => item.rarity === target.rarity && item.name.toLowerCase().includes(word.toLowerCase()));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByLabel('Rarity').selectOption(target.rarity);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(page).toHaveURL((url) => url.searchParams.get('rarity') === target.rarity && url.searchParams.get('search') === word);
  await expect(cards(page)).toHaveCount(Math.min(expected.length, MARKET_PAGE_SIZE));
  for (const card of await cards(page).all()) await expect(card).toContainText(word, { ignoreCase: true });

  // The filtered view survives a reload (and could be shared as a link).
  await page.reload();
  await expect(page.getByLabel('Rarity')).toHaveValue(target.rarity);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(cards(page)).toHaveCount(Math.min(expected.length, MARKET_PAGE_SIZE));

  // The item's dialog: real float with 8 decimals on a desktop, the real pattern or N/A.
  await page.getByRole('list', { name: 'Skins for sale' }).getByRole('button', { name: target.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: target.name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(target.float === null ? 'N/A' : target.float.toFixed(8));
  await expect(dialog).toContainText(String(target.paintSeed ?? 'N/A'));
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByText('In your cart')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${target.name} is already in your cart`)).toBeVisible();
  // While the dialog is open the page behind it is hidden from assistive technology: close it first.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // The cart survives a reload (localStorage 'market-cart'); a visitor's purchase asks for sign-in.
  await page.reload();
  await cartButton(page).click();
  const cart = page.getByRole('list', { name: 'Cart items' });
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart).toContainText(target.name);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Please sign in to make a purchase')).toBeVisible();
  await expect(page).toHaveURL(/\/dev\/steam\/openid\/login/);
});

test('a buyer is told to top up, then buys with the balance and follows the order on /checkout', async ({ page }) => {
  test.slow();
  const steamId = await signInAsNewUser(page);
  const saved = await page.request.patch('/api/user/profile', {
    data: { tradeUrl: `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=Buy3r_e2e` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // With $0.00 the purchase is refused, nothing leaves the cart, and Top Up leads to Add Funds.
  await page.goto('/market?sort=price_asc');
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  const cheapest = cards(page).first();
  const name = await textOf(cheapest.getByRole('heading'));
  await cheapest.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await cartButton(page).click();
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Not enough balance - top up your balance to purchase')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await page.getByRole('button', { name: 'Top Up' }).click();
  await expect(page).toHaveURL(/\/add-funds$/);

  await topUpAndSeeBalance(page, '100.00');

  const sameName = async () => (await allListings(page)).filter((item) => item.name === name).length;
  const before = await sameName();
  await page.goto('/market?sort=price_asc');
  await cartButton(page).click();
  const cart = page.getByRole('list', { name: 'Cart items' });
  await expect(cart).toContainText(name);
  const total = (await page.getByTestId('cart-total').innerText()).trim();
  await page.getByRole('button', { name: 'Purchase' }).click();

  await expect(page).toHaveURL(/\/checkout\?order=[0-9a-f-]{36}$/);
  await expect(page.getByText('Purchase Successful')).toBeVisible();
  const confirmation = page.getByRole('status').filter({ hasText: /Order #\w+ confirmed/ });
  await expect(confirmation).toContainText(`1 item for ${total}`);
  const order = page.getByRole('article').filter({ hasText: name }).first();
  await expect(order.getByTestId('delivery-state')).toHaveText(/^Waiting for trade protection to end — sends on /);

  // The balance came from the server's answer; the cart was emptied only after it confirmed.
  const left = 10_000n - parseMoney(total.replace(/[$,]/g, ''))!;
  await expect(navBalance(page)).toHaveAccessibleName(`Balance ${formatUsd(left)}`);
  await openPage(page, '/market');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  // The bought listing left the market.
  expect(await sameName()).toBe(before - 1);
});

test('the Sell tab and Cashout are one click away, and /market#sell opens Sell', async ({ page }) => {
  await page.goto('/market#sell');
  await expect(page.getByRole('navigation', { name: 'Market tabs' }).getByRole('link', { name: 'Sell' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await openPage(page, '/market');
  await expect(page.getByRole('navigation', { name: 'Market tabs' }).getByRole('link', { name: 'Cashout' })).toHaveAttribute(
    'href',
    '/withdraw',
  );
});
