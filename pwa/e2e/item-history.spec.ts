/**
 * An item's price history and latest sales in its dialog, against the server's seeded market and
 * its seeded sales: the chart (uPlot's canvas, loaded when the dialog draws it), the summary under
 * it as the API's figures say, the period buttons, the latest sales; then the same with the network
 * really cut (`context.setOffline`), from the copies kept in localStorage.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { priceHistoryAnswer, recentSalesAnswer } from '../../shared/answers/items';
import { parseAnswer, type AnswerSchema } from '../../shared/answers/z';
import { formatUsd, parseMoney } from '../../shared/money';
import type { SkinsPage } from '../../shared/schemas/market';
import { historySummary } from '../src/screens/market/buy/priceHistory';
import { openPage } from './helpers/hydration';
import { waitForServiceWorker } from './helpers/offline';

test.use({ viewport: { width: 1280, height: 900 } });
// The service worker and the network switch together: one retry absorbs a slow worker start on a
// loaded machine (a real failure fails twice).
test.describe.configure({ retries: 1 });
// One journey through two loads of /market, the second offline, on a machine that may be busy.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const itemPath = (name: string, rest: string) => `/api/items/${encodeURIComponent(name)}/${rest}`;

/** An answer of the API, parsed with its shared schema as the PWA parses it. */
async function answer<T>(page: Page, path: string, schema: AnswerSchema<T>): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const parsed = parseAnswer(schema, await response.json());
  if (!parsed.ok) throw new Error(`${path}: ${parsed.problem}`);
  return parsed.value;
}

async function openDialog(page: Page, name: string) {
  await page.getByRole('list', { name: 'Skins for sale' }).getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an item's dialog shows its price chart, summary and latest sales, online and offline", async ({ page, context }) => {
  const [item] = ((await (await page.request.get('/api/skins?limit=18')).json()) as SkinsPage).items;
  const history = await answer(page, itemPath(item!.marketHashName, 'price-history?days=30'), priceHistoryAnswer);
  const week = await answer(page, itemPath(item!.marketHashName, 'price-history?days=7'), priceHistoryAnswer);
  const { sales } = await answer(page, itemPath(item!.marketHashName, 'sales?limit=10'), recentSalesAnswer);
  // The seed gives every listed name 90 days of sales.
  expect(history.points.length).toBeGreaterThan(0);
  expect(sales.length).toBeGreaterThan(0);

  await openPage(page, '/market');
  await waitForServiceWorker(page);
  const dialog = await openDialog(page, item!.name);
  const figure = dialog.getByRole('figure');
  await expect(figure.locator('canvas').first()).toBeVisible();
  await expect(figure).toHaveAccessibleName(historySummary(history.period, 30));
  await expect(dialog.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  const rows = dialog.getByRole('table', { name: /^The latest \d+ sales/ }).getByRole('row');
  await expect(rows).toHaveCount(sales.length + 1);
  await expect(rows.nth(1)).toContainText(formatUsd(parseMoney(sales[0]!.price)!));
  await expect(rows.nth(1)).toContainText(/ago|just now|, \d{4}$/);

  await dialog.getByRole('button', { name: '7 days' }).click();
  await expect(dialog.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(figure).toHaveAccessibleName(historySummary(week.period, 7));

  // Kept for offline visits once loaded.
  await expect
    .poll(() => page.evaluate((name) => localStorage.getItem('skinmarket.public-cache')?.includes(JSON.stringify(name).slice(1, -1)) ?? false, item!.marketHashName))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await context.setOffline(true);
  try {
    await page.goto('/market');
    const offline = await openDialog(page, item!.name);
    await expect(offline.getByText(/^Offline: last updated /)).toBeVisible();
    await expect(offline.getByRole('figure').locator('canvas').first()).toBeVisible();
    await expect(offline.getByRole('figure')).toHaveAccessibleName(historySummary(history.period, 30));
    await expect(offline.getByRole('table', { name: /^The latest \d+ sales/ }).getByRole('row')).toHaveCount(sales.length + 1);
    await expect(offline.getByRole('table', { name: /^The latest \d+ sales/ }).getByRole('row').nth(1)).toContainText(formatUsd(parseMoney(sales[0]!.price)!));
  } finally {
    await context.setOffline(false);
  }
});
