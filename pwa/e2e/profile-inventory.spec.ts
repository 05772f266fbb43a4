/**
 * Profile and inventory as a signed-in seller sees them: sign-in through the simulated Steam,
 * the profile form (validation, the server's trade-URL ownership check, a save that persists), the
 * inventory grid and its filters, and signing out. Specs of one run share the database, so nothing
 * here assumes the profile is empty at the start or that it is the only spec using Demo Seller.
 */
import { expect, test, type Page } from '@playwright/test';
import { accountIdOf } from '../../shared/steam';
import { accountMenuButton, DEMO_ACCOUNTS, signInAs } from './helpers/signIn';

const seller = DEMO_ACCOUNTS.seller;

function tradeUrlOf(steamId: string): string {
  return `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=AbC123_-`;
}

function profileForm(page: Page) {
  return page.getByRole('form', { name: 'Profile settings' });
}

function inventoryCards(page: Page) {
  return page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem');
}

test.describe('signed out', () => {
  test('/profile and /inventory ask the visitor to sign in', async ({ page }) => {
    for (const path of ['/profile', '/inventory']) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Login with Steam' })).toHaveAttribute('href', '/auth/steam');
    }
  });

  test('a refused sign-in lands on the home page with a visible message and no session', async ({ page }) => {
    // A return from Steam that this browser never started: the server refuses it.
    await page.goto('/auth/steam/return?token=forged&openid.mode=id_res');
    await expect(page).toHaveURL(/\/\?login=failed$/);
    const notice = page.getByRole('alert').filter({ hasText: 'Steam sign-in failed' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/auth/steam');
    expect((await page.request.get('/api/user')).status()).toBe(401);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(notice).toBeHidden();
  });
});

test.describe('signed in as Demo Seller', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sign-in through the simulated Steam shows the user and balance in the nav', async ({ page }) => {
    await signInAs(page, seller.personaName);

    const header = page.getByRole('banner');
    await expect(accountMenuButton(page, seller.personaName)).toContainText(seller.personaName);
    // A fresh database starts every account at $0.00; other specs of the run may move money.
    await expect(header.getByRole('button', { name: /^Balance \$[\d,]+\.\d{2}$/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login with Steam' })).toHaveCount(0);
  });

  test('the profile validates, refuses another account\'s trade URL and saves', async ({ page }) => {
    await signInAs(page, seller.personaName);
    await page.goto('/profile');

    const account = page.getByRole('region', { name: 'Account' });
    await expect(account).toContainText(seller.personaName);
    await expect(account).toContainText(seller.steamId);
    await expect(account.getByText('Verified')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute('aria-selected', 'true');

    const form = profileForm(page);
    const save = form.getByRole('button', { name: 'Save Profile' });
    const email = form.getByLabel('Email');
    const tradeUrl = form.getByLabel('Steam Trade URL');

    await form.getByLabel('First Name').fill('Demo');
    await form.getByLabel('Last Name').fill('Seller');

    await email.fill('not-an-email');
    await email.blur();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(save).toBeDisabled();

    const newEmail = `demo.seller+${Date.now()}@example.com`;
    await email.fill(newEmail);
    await expect(form.getByText('Please enter a valid email address')).toHaveCount(0);

    await tradeUrl.fill(tradeUrlOf(DEMO_ACCOUNTS.buyer.steamId));
    await expect(save).toBeEnabled();
    await save.click();
    await expect(form.getByText('This trade URL belongs to a different Steam account')).toBeVisible();
    await expect(page.getByText('Failed to update profile')).toBeVisible();

    await tradeUrl.fill(tradeUrlOf(seller.steamId));
    await expect(form.getByText('This trade URL belongs to a different Steam account')).toHaveCount(0);
    await save.click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(profileForm(page).getByLabel('First Name')).toHaveValue('Demo');
    await expect(profileForm(page).getByLabel('Last Name')).toHaveValue('Seller');
    await expect(profileForm(page).getByLabel('Email')).toHaveValue(newEmail);
    await expect(profileForm(page).getByLabel('Steam Trade URL')).toHaveValue(tradeUrlOf(seller.steamId));
  });

  test('the inventory loads and its filters narrow and restore the grid', async ({ page }) => {
    await signInAs(page, seller.personaName);
    await page.goto('/inventory');

    await expect(page.getByRole('heading', { level: 1, name: 'Your Arsenal' })).toBeVisible();
    const cards = inventoryCards(page);
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(40);
    await expect(page.getByRole('main')).toContainText(`${total} items in your Steam inventory`);

    await page.getByRole('combobox', { name: 'Rarity' }).click();
    await page.getByRole('option', { name: 'Covert' }).click();
    await page.getByRole('combobox', { name: 'StatTrak™' }).click();
    await page.getByRole('option', { name: 'StatTrak™ only' }).click();

    // The two filters apply one after the other: wait until the grid shows only cards matching both.
    await expect
      .poll(async () => {
        const texts = await cards.allInnerTexts();
        return texts.length > 0 && texts.length < total && texts.every((text) => text.includes('Covert') && text.includes('StatTrak™'));
      })
      .toBe(true);

    await page.getByRole('searchbox', { name: 'Search items' }).fill('no such skin anywhere');
    const noMatch = page.getByRole('region', { name: 'No items match your filters' });
    await expect(noMatch).toBeVisible();
    await expect(cards).toHaveCount(0);

    await noMatch.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(cards).toHaveCount(total);
    await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue('');
  });

  test('the Sell Item dialog shows the fee breakdown', async ({ page }) => {
    await signInAs(page, seller.personaName);
    await page.goto('/inventory');

    const listable = page.getByRole('list', { name: 'Inventory items' }).getByRole('button', { name: 'List for Sale', disabled: false });
    await listable.first().click();

    const dialog = page.getByRole('dialog', { name: 'Sell Item' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your Price (USD)').fill('12.50');
    const breakdown = dialog.getByRole('region', { name: 'Payment breakdown' });
    await expect(breakdown).toContainText('$12.50');
    await expect(breakdown).toContainText('-$0.38');
    await expect(breakdown).toContainText('$12.12');
    const send = dialog.getByRole('button', { name: 'Send Trade Offer' });
    await expect(send).toBeEnabled();
    await dialog.getByLabel('Your Price (USD)').fill('0');
    await expect(send).toBeDisabled();
    await expect(dialog.getByText('Please enter a valid price')).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('logout from the user menu signs the user out', async ({ page }) => {
    await signInAs(page, seller.personaName);

    await accountMenuButton(page, seller.personaName).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page.getByRole('banner').getByRole('link', { name: 'Login with Steam' })).toBeVisible();
    await expect(accountMenuButton(page, seller.personaName)).toHaveCount(0);
  });
});
