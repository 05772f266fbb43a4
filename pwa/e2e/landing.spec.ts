/**
 * The landing page (/) against the server's real market data: the primary buttons for visitors and
 * signed-in users, the stats row once the stats loaded, the featured skin cards and 'View Full
 * Marketplace', the static sections (hydrated as they come into view), and that / loads none of
 * the market-buy, wallet or policy code.
 */
import { expect, test } from '@playwright/test';
import { FEATURED_SKINS_LIMIT } from '../../shared/constants';
import { abbreviateCount } from '../../shared/format';
import type { MarketItem, MarketStats } from '../../shared/schemas/market';
import { signInAsNewUser } from './helpers/signIn';

test.use({ viewport: { width: 1280, height: 900 } });

test.describe('visitor', () => {
  // Without the service worker, which precaches every chunk, the requests show what / itself loads.
  test.use({ serviceWorkers: 'block' });

  test('shows the hero, the stats row, featured skins and the sections', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const featured = (await (await page.request.get('/api/featured-skins')).json()) as MarketItem[];
    expect(featured.length).toBeGreaterThan(0);
    // The stats the page itself was answered: specs running alongside change the counts.
    const statsAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/market-stats');

    await page.goto('/');
    const stats = (await (await statsAnswer).json()) as MarketStats;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Sell your CS2 skins for real money/i);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Login with Steam & Start Selling' }).first()).toHaveAttribute('href', '/auth/steam');
    await expect(main.getByRole('link', { name: 'Learn How It Works' })).toHaveAttribute('href', '/help-center');

    const statsRow = page.locator('dl[aria-label="Market stats"]');
    await expect(statsRow).toContainText('Active Traders');
    await expect(statsRow).toContainText(abbreviateCount(stats.totalTraders));
    await expect(statsRow).toContainText(stats.dailyVolume);
    await expect(statsRow).toContainText(abbreviateCount(stats.totalSkins));
    await expect(statsRow).toContainText(stats.successRate);

    // The sections below the fold come whole in the HTML; the featured skins' section, far below,
    // has not even had its code fetched: it hydrates, and asks for its skins, once scrolled near.
    for (const heading of ['Why Choose SkinMarket', 'Trusted by Professionals', 'How It Works', 'Enterprise-Grade Security']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const step of ['Connect Steam', 'Set Price & Sell', 'Get Paid Instantly']) {
      await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }
    expect(scripts.filter((path) => /FeaturedMarketplace/.test(path))).toEqual([]);
    await page.getByRole('heading', { level: 3, name: 'Get Paid Instantly' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Marketplace' })).toBeVisible();

    const cards = page.getByRole('list', { name: 'Featured skins' }).getByRole('listitem');
    await expect(cards).toHaveCount(Math.min(featured.length, FEATURED_SKINS_LIMIT));
    await expect(cards.first()).toContainText(featured[0]!.name);
    await expect(page.getByRole('link', { name: 'View Full Marketplace' })).toHaveAttribute('href', '/market');

    // 'Buy Now' opens the market on that skin.
    await cards.first().getByRole('button', { name: `Buy Now: ${featured[0]!.name}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/market' && url.searchParams.get('search') === featured[0]!.name);

    // What / downloaded before 'Buy Now' left it: its own code, none of the other screens' or the schemas.
    const landingLoad = scripts.slice(0, scripts.findIndex((path) => /MarketScreen/.test(path)));
    expect(landingLoad.some((path) => /LandingScreen/.test(path))).toBe(true);
    expect(landingLoad.filter((path) => /BuyTab|SellTab|AddFunds|Withdraw|Policy|Terms|schemas/.test(path))).toEqual([]);
  });
});

test('a signed-in user gets Browse Marketplace, after the prerendered page hydrates without an error', async ({ page }) => {
  await signInAsNewUser(page);
  // The HTML was rendered for a visitor nobody knows; the session check may answer before the
  // screen hydrates, and the screen must still hydrate as that HTML first (React reports a
  // mismatch as a page error).
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Browse Marketplace' }).first()).toHaveAttribute('href', '/market');
  await expect(main.getByRole('link', { name: 'Login with Steam & Start Selling' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
