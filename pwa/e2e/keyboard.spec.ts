/**
 * A keyboard-only purchase: a signed-in buyer with a balance and a saved trade
 * URL goes from the market to an item's dialog, adds it to the cart, opens the cart and buys, with
 * nothing but Tab, Shift+Tab, Enter, Space and Escape. Dialogs take focus when they open, keep it
 * while open, close on Escape and give focus back to what opened them.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { focusIsWithin, tabTo } from './helpers/keyboard';
import { saveTradeUrl } from './helpers/selling';
import { signInAsNewUser } from './helpers/signIn';
import { topUp } from './helpers/wallet';
import { textOf } from './helpers/text';

test.use({ viewport: { width: 1280, height: 900 } });

// A whole journey on a machine that may be busy: more time per step.
const expect = baseExpect.configure({ timeout: 15_000 });

test('a buyer finds an item, fills the cart and buys it with the keyboard alone', async ({ page }) => {
  test.slow();
  // Setting up the account is not under test: sign-in, trade URL and balance as other specs do.
  const steamId = await signInAsNewUser(page);
  await saveTradeUrl(page, steamId);
  await topUp(page, '100.00');

  await page.goto('/market?sort=price_asc');
  const grid = page.getByRole('list', { name: 'Skins for sale' });
  const firstCard = grid.getByRole('listitem').first();
  await expect(firstCard).toBeVisible();
  const name = await textOf(firstCard.getByRole('heading'));
  const opener = firstCard.getByRole('button', { name, exact: true });

  // The item's dialog: Enter opens it and focus moves inside.
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsWithin(dialog)).toBe(true);

  // Focus stays in the dialog while Tab cycles through it, up to 'Add to cart'.
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  await tabTo(page, add, { max: 15 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('In your cart')).toBeVisible();
  for (let presses = 0; presses < 6; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(dialog)).toBe(true);
  }

  // Escape closes it and focus returns to the card that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The cart sits above the grid: back with Shift+Tab. Space opens it and focus moves in; Escape gives it back.
  const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
  await tabTo(page, cartButton, { backwards: true });
  await page.keyboard.press('Space');
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart).toBeVisible();
  await expect(cart.getByRole('list', { name: 'Cart items' })).toContainText(name);
  await expect.poll(() => focusIsWithin(cart)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  await expect(cartButton).toBeFocused();

  // Enter opens it again; Tab to Purchase and press Enter.
  await page.keyboard.press('Enter');
  await expect(cart).toBeVisible();
  await expect.poll(() => focusIsWithin(cart)).toBe(true);
  const total = (await cart.getByTestId('cart-total').innerText()).trim();
  await tabTo(page, cart.getByRole('button', { name: 'Purchase' }), { max: 10 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\?order=[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText('Purchase Successful')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Order #\w+ confirmed/ })).toContainText(`1 item for ${total}`);
  await expect(page.getByRole('article').filter({ hasText: name }).first()).toBeVisible();
});
