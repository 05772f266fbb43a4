/**
 * The content pages: help centre, terms, privacy and refund policy. Each renders its headings, its
 * table of contents jumps to every section, and the figures on the page are the shared constants.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  CONDITION_FLOAT_RANGES,
  DELIVERY_FAILURE_LIMIT,
  DELIVERY_FAILURE_WINDOW_DAYS,
  POLICY_LAST_UPDATED,
  PURCHASE_RESTRICTION_DAYS,
  SUPPORT,
} from '../../shared/constants';

const NUMBERED_SECTION = /^\d+\. /;

function mainContent(page: Page) {
  return page.getByRole('main');
}

function tableOfContents(page: Page) {
  return page.getByRole('navigation', { name: 'On this page' });
}

/** Clicks every entry of the table of contents and checks it lands on, and focuses, its section. */
async function expectTableOfContentsJumps(page: Page, expectedEntries: number) {
  const links = tableOfContents(page).getByRole('link');
  await expect(links).toHaveCount(expectedEntries);
  // Last entry first, so every jump is a real scroll rather than a section already on screen.
  for (let index = expectedEntries - 1; index >= 0; index--) {
    const link = links.nth(index);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#[a-z-]+$/);
    const id = href?.slice(1) ?? '';
    const heading = page.locator(`h2[id="${id}"]`);
    await expect(heading).toHaveText((await link.textContent()) ?? '');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
  }
}

/** The numbered section headings, in order 1 to `count`. */
async function expectNumberedSections(page: Page, count: number) {
  const headings = mainContent(page).getByRole('heading', { level: 2, name: NUMBERED_SECTION });
  await expect(headings).toHaveCount(count);
  const texts = await headings.allTextContents();
  expect(texts.map((text) => Number(text.split('.')[0]))).toEqual(Array.from({ length: count }, (_, i) => i + 1));
}

test.describe('Help Center', () => {
  const ARTICLES = [
    'Getting Started',
    'Selling Your Skins',
    'Your Steam Trade URL',
    'Payments and Withdrawals',
    'Account Security',
    'Pricing and Fees',
  ];

  test('renders the six articles and their table of contents', async ({ page }) => {
    await page.goto('/help-center');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    for (const article of ARTICLES) {
      await expect(mainContent(page).getByRole('heading', { level: 2, name: article, exact: true })).toBeVisible();
    }
    await expectTableOfContentsJumps(page, ARTICLES.length);
  });

  test('links to the contact form and the issue report', async ({ page }) => {
    await page.goto('/help-center');
    const contact = mainContent(page).getByRole('link', { name: 'Contact Support' });
    await expect(contact).toHaveAttribute('href', '/contact-us');
    await expect(mainContent(page).getByRole('link', { name: 'Report an Issue' })).toHaveAttribute(
      'href',
      '/report-issue',
    );
    await contact.click();
    await expect(page).toHaveURL(/\/contact-us$/);

    await page.goto('/help-center');
    await mainContent(page).getByRole('link', { name: 'Report an Issue' }).click();
    await expect(page).toHaveURL(/\/report-issue$/);
  });

  test("explains the trade URL with a link to Steam's privacy page in a new tab", async ({ page }) => {
    await page.goto('/help-center');
    const steamLink = mainContent(page).getByRole('link', { name: /trade offer privacy page/ });
    await expect(steamLink).toHaveAttribute(
      'href',
      'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url',
    );
    await expect(steamLink).toHaveAttribute('target', '_blank');
    await expect(steamLink).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('states the fee example and the float ranges of the shared constants', async ({ page }) => {
    await page.goto('/help-center#pricing');
    await expect(page.getByRole('heading', { level: 2, name: 'Pricing and Fees' })).toBeInViewport();
    const pricing = mainContent(page).getByRole('region', { name: 'Pricing and Fees' });
    await expect(pricing).toContainText('$100.00');
    await expect(pricing).toContainText('\u2212$3.00');
    await expect(pricing).toContainText('$97.00');
    const [from, to] = CONDITION_FLOAT_RANGES['Field-Tested'];
    await expect(pricing.getByRole('row', { name: /Field-Tested/ })).toContainText(
      `${from.toFixed(2)} \u2013 ${to.toFixed(2)}`,
    );
  });

  test('states the rule for declined deliveries with the figures the server enforces', async ({ page }) => {
    await page.goto('/help-center#trade-url');
    const article = mainContent(page).getByRole('region', { name: 'Your Steam Trade URL' });
    await expect(article.getByRole('heading', { level: 3, name: 'What happens if I decline a delivery?' })).toBeVisible();
    await expect(article).toContainText(
      `if ${DELIVERY_FAILURE_LIMIT} deliveries to you fail within ${DELIVERY_FAILURE_WINDOW_DAYS} days because you declined`,
    );
    await expect(article).toContainText(`you cannot buy anything for ${PURCHASE_RESTRICTION_DAYS} days after the latest of them`);
    await expect(article.getByRole('heading', { level: 3, name: 'Why was my purchase stopped at my trade URL?' })).toBeVisible();
  });
});

test.describe('Terms of Service', () => {
  test('renders twelve numbered sections with a working table of contents', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(mainContent(page).getByText(`Last updated: ${POLICY_LAST_UPDATED}`)).toBeVisible();
    await expectNumberedSections(page, 12);
    await expect(mainContent(page).getByRole('region', { name: /Chargebacks/ })).toContainText(
      'forfeiture of all items',
    );
    await expect(mainContent(page)).toContainText(SUPPORT.termsResponse);
    await expectTableOfContentsJumps(page, 12);
  });
});

test.describe('Privacy Policy', () => {
  test('renders the summary, twelve numbered sections and the closing box', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(mainContent(page).getByText(`Last updated: ${POLICY_LAST_UPDATED}`)).toBeVisible();
    await expectNumberedSections(page, 12);
    await expect(mainContent(page).getByRole('heading', { name: 'Your Data is Protected' })).toBeVisible();
    await expect(mainContent(page).getByText(SUPPORT.urgentPrivacySubject, { exact: true })).toBeVisible();
    await expectTableOfContentsJumps(page, 12);
  });
});

test.describe('Refund Policy', () => {
  test('renders the eligibility cards, the process and the refund request contact', async ({ page }) => {
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await expect(mainContent(page).getByRole('heading', { name: 'Important Information' })).toBeVisible();
    for (const card of ['Full Refund', 'Partial Refund', 'Not Eligible']) {
      await expect(mainContent(page).getByRole('heading', { level: 3, name: card })).toBeVisible();
    }
    await expect(mainContent(page).getByRole('region', { name: 'Refund Process' }).getByRole('listitem')).toHaveCount(4);
    await expect(mainContent(page).getByText(SUPPORT.refundSubject, { exact: true })).toBeVisible();
    const refundMail = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(SUPPORT.refundSubject)}`;
    await expect(mainContent(page).locator(`a[href="${refundMail}"]`)).toBeVisible();
    await expectTableOfContentsJumps(page, 7);
  });
});
