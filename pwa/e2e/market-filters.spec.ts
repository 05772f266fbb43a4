/**
 * The Buy tab's float, pattern and Souvenir filters and its float order, against the server's
 * seeded listings (SEED_LISTINGS=60): a float range and a pattern typed into Advanced Filters show
 * exactly the listings the API holds with them, in the URL (a reload keeps them); a value the API
 * would refuse is shown as an error and not applied; 'Float: Low to High' puts the lowest float
 * first. Nothing here buys anything; other specs may, so the expectations are read from the API
 * first and each view is compared with it.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openPage } from './helpers/hydration';
import { allListings } from './helpers/selling';

test.use({ viewport: { width: 1280, height: 900 } });

const expect = baseExpect.configure({ timeout: 15_000 });

function cardNames(page: Page) {
  return page.getByRole('list', { name: 'Skins for sale' }).getByRole('listitem').getByRole('heading');
}

test('a visitor narrows the market by a float range and a pattern, and sorts by float', async ({ page }) => {
  test.slow();
  const listings = await allListings(page);
  // A range of 0.2 around a listing in the middle of the float scale holds several listings.
  const candidates = listings.filter((item) => item.float !== null && item.float >= 0.15 && item.float <= 0.85 && item.paintSeed !== null);
  expect(candidates.length).toBeGreaterThan(5);
  const target = [...candidates].sort((a, b) => a.float! - b.float!)[Math.floor(candidates.length / 2)]!;
  const minFloat = Math.max(0, Math.floor((target.float! - 0.1) * 100) / 100).toFixed(2);
  const maxFloat = Math.min(1, Math.ceil((target.float! + 0.1) * 100) / 100).toFixed(2);
  // In the API's order (price high to low), the grid's default.
  const inRange = listings.filter((item) => item.float !== null && item.float >= Number(minFloat) && item.float <= Number(maxFloat));
  const matching = inRange.filter((item) => item.paintSeed === target.paintSeed);
  expect(inRange.length).toBeGreaterThan(matching.length);

  await openPage(page, '/market');
  const filters = page.getByRole('region', { name: 'Advanced Filters' });
  await filters.getByLabel('Min Float').fill(minFloat);
  await filters.getByLabel('Max Float').fill(maxFloat);
  await expect(page).toHaveURL((url) => url.searchParams.get('minFloat') === minFloat && url.searchParams.get('maxFloat') === maxFloat);
  await expect(cardNames(page)).toHaveText(inRange.slice(0, 18).map((item) => item.name));

  await filters.getByLabel('Pattern').fill(String(target.paintSeed));
  await expect(page).toHaveURL((url) => url.searchParams.get('paintSeed') === String(target.paintSeed));
  await expect(cardNames(page)).toHaveText(matching.map((item) => item.name));
  await expect(page.getByRole('button', { name: 'Advanced Filters 3' })).toBeVisible();

  // The filtered view survives a reload, the fields showing what it is filtered by.
  await page.reload();
  await expect(filters.getByLabel('Min Float')).toHaveValue(minFloat);
  await expect(filters.getByLabel('Max Float')).toHaveValue(maxFloat);
  await expect(filters.getByLabel('Pattern')).toHaveValue(String(target.paintSeed));
  await expect(cardNames(page)).toHaveCount(matching.length);

  // The item's dialog names the pattern it was found by.
  await page.getByRole('list', { name: 'Skins for sale' }).getByRole('button', { name: target.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: target.name });
  await expect(dialog).toContainText(`Pattern${target.paintSeed}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // What the API would refuse is said in its words and not applied: the view stays as it was.
  await filters.getByLabel('Pattern').fill('1001');
  await expect(filters.getByText('Must be a pattern from 0 to 1000')).toBeVisible();
  await filters.getByLabel('Max Float').fill('0.01');
  await expect(filters.getByText('Min float must not be above max float')).toBeVisible();
  // A refused min leaves the applied one in force, so the max below it stays refused.
  await filters.getByLabel('Min Float').fill('1.5');
  await expect(filters.getByText('Must be a float from 0 to 1, such as 0.07')).toBeVisible();
  await expect(filters.getByText('Min float must not be above max float')).toBeVisible();
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('minFloat') === minFloat && url.searchParams.get('maxFloat') === maxFloat && url.searchParams.get('paintSeed') === String(target.paintSeed),
  );
  await expect(cardNames(page)).toHaveCount(matching.length);

  // Clear Filters, then Float: Low to High: the lowest floats first, listings without one last.
  await filters.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(filters.getByLabel('Min Float')).toHaveValue('');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Float: Low to High' });
  await expect(page).toHaveURL((url) => url.search === '?sort=float_asc');
  const byFloat = [...listings].sort((a, b) => (a.float ?? 2) - (b.float ?? 2));
  await expect(cardNames(page).first()).toHaveText(byFloat[0]!.name);
  await expect(cardNames(page)).toHaveCount(18);
});
