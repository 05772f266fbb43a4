/**
 * The profile's Payment Methods tab against the real server: a brand-new account adds one method
 * of each type (each first refused by the form's validation message, then accepted and shown
 * masked), cannot add a second of a type (the form shows it as added; the API answers 409, also
 * when the form was opened before the other tab added it), and deletes one after confirming.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsNewUser } from './helpers/signIn';

const EMPTY_BODY = {
  paypalEmail: '',
  cryptoCurrency: '',
  walletAddress: '',
  bankName: '',
  accountHolderName: '',
  iban: '',
  routingNumber: '',
  accountNumber: '',
  accountType: '',
  swiftCode: '',
};

async function openPaymentMethodsTab(page: Page): Promise<Locator> {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  const panel = page.getByRole('region', { name: 'Payment Methods', exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Loading...')).toHaveCount(0);
  return panel;
}

/** Opens 'Add Payment Method' and picks a type by clicking its card (the radio is visually hidden). */
async function startAdding(page: Page, panel: Locator, typeLabel: string): Promise<Locator> {
  await panel.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('group', { name: /Payment method type/ }).getByText(typeLabel, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(typeLabel)}`) })).toBeChecked();
  return dialog;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function submit(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
}

/** The form stays open with the message under the field, and nothing was saved. */
async function expectFieldError(dialog: Locator, field: string, message: string) {
  const input = dialog.getByRole('textbox', { name: field, exact: true });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
}

async function expectAdded(page: Page, dialog: Locator, panel: Locator, typeLabel: string): Promise<Locator> {
  await expect(page.getByText('Payment method added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = panel.getByRole('article', { name: typeLabel, exact: true });
  await expect(card).toBeVisible();
  return card;
}

test.describe('payment methods', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('adds each type after a validation error, refuses a second of a type and deletes one', async ({ page }) => {
    // Four forms, each submitted twice, and a deletion: a long walk through the real server.
    test.setTimeout(120_000);
    await signInAsNewUser(page);
    const panel = await openPaymentMethodsTab(page);
    await expect(panel.getByText('No payment methods yet')).toBeVisible();

    // PayPal.
    let dialog = await startAdding(page, panel, 'PayPal');
    await dialog.getByRole('textbox', { name: 'PayPal Email', exact: true }).fill('nope');
    await submit(dialog);
    await expectFieldError(dialog, 'PayPal Email', 'Please enter a valid PayPal email address');
    await dialog.getByRole('textbox', { name: 'PayPal Email', exact: true }).fill('anna.payout@example.com');
    // Editing a field clears its message.
    await expect(dialog.getByText('Please enter a valid PayPal email address')).toHaveCount(0);
    await submit(dialog);
    let card = await expectAdded(page, dialog, panel, 'PayPal');
    await expect(card).toContainText('@example.com');
    await expect(card).not.toContainText('anna.payout@example.com');
    await expect(card).toContainText('Instant');
    // The first method saved is the default.
    await expect(card.getByText('Default', { exact: true })).toBeVisible();

    // Cryptocurrency (Bitcoin).
    dialog = await startAdding(page, panel, 'Cryptocurrency');
    // A type the user already has is shown as added and cannot be chosen.
    await expect(dialog.getByRole('radio', { name: /^PayPal/ })).toBeDisabled();
    await expect(dialog.getByText('Already added')).toHaveCount(1);
    await dialog.getByRole('combobox', { name: 'Cryptocurrency' }).selectOption('bitcoin');
    await dialog.getByRole('textbox', { name: 'Wallet Address', exact: true }).fill('0xabc');
    await submit(dialog);
    await expectFieldError(dialog, 'Wallet Address', 'Invalid Bitcoin address format');
    await dialog.getByRole('textbox', { name: 'Wallet Address', exact: true }).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await submit(dialog);
    card = await expectAdded(page, dialog, panel, 'Cryptocurrency');
    await expect(card).toContainText('Bitcoin');
    await expect(card).toContainText('bc1qar0srrr7xfkvy5l6\u2026zzwf5mdq');
    await expect(card).toContainText('1-24 hours');

    // Bank Wire (USA).
    dialog = await startAdding(page, panel, 'Bank Wire (USA)');
    await dialog.getByRole('textbox', { name: 'Bank Name', exact: true }).fill('Chase Bank');
    await dialog.getByRole('textbox', { name: 'Account Holder Name', exact: true }).fill('Anna Smith');
    const routing = dialog.getByRole('textbox', { name: 'Routing Number', exact: true });
    // Digits only, at most 9.
    await routing.fill('0210-0002');
    await expect(routing).toHaveValue('02100002');
    const account = dialog.getByRole('textbox', { name: 'Account Number', exact: true });
    await account.fill('000 123 456 789');
    await expect(account).toHaveValue('000123456789');
    await expect(dialog.getByText('6-17 digits')).toBeVisible();
    await submit(dialog);
    await expectFieldError(dialog, 'Routing Number', 'Invalid routing number format (must be 9 digits)');
    await routing.fill('0210000219999');
    await expect(routing).toHaveValue('021000021');
    await dialog.getByRole('radiogroup').getByText('Savings', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Savings' })).toBeChecked();
    await submit(dialog);
    card = await expectAdded(page, dialog, panel, 'Bank Wire (USA)');
    await expect(card).toContainText('***6789');
    await expect(card).not.toContainText('000123456789');
    await expect(card).toContainText('Savings account');
    await expect(card).toContainText('1-3 business days');

    // IBAN / SEPA.
    dialog = await startAdding(page, panel, 'IBAN / SEPA');
    await dialog.getByRole('textbox', { name: 'Account Holder Name', exact: true }).fill('Erika Mustermann');
    const swift = dialog.getByRole('textbox', { name: 'SWIFT/BIC', exact: true });
    await swift.fill('cobadeffxxx');
    await expect(swift).toHaveValue('COBADEFFXXX');
    const iban = dialog.getByRole('textbox', { name: 'IBAN', exact: true });
    await iban.fill('DE89');
    await submit(dialog);
    await expectFieldError(dialog, 'IBAN', 'Invalid IBAN format');
    await iban.fill('de89 3704 0044 0532 0130 00');
    await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
    await submit(dialog);
    card = await expectAdded(page, dialog, panel, 'IBAN / SEPA');
    await expect(card).toContainText('DE****3000');
    await expect(card).toContainText('1-2 business days');

    // Every type is saved: nothing left to add, and the API refuses a second PayPal.
    await expect(panel.getByRole('article')).toHaveCount(4);
    await expect(panel.getByRole('button', { name: 'Add Payment Method' })).toBeDisabled();
    const duplicate = await page.request.post('/api/payment-methods', {
      headers: { 'Idempotency-Key': randomUUID(), Origin: new URL(page.url()).origin },
      data: { ...EMPTY_BODY, type: 'paypal', paypalEmail: 'second@example.com' },
    });
    expect(duplicate.status()).toBe(409);
    expect((await duplicate.json()) as { message: string }).toMatchObject({
      message: 'You already have a PayPal payment method',
    });

    // Delete with confirmation.
    await panel.getByRole('button', { name: 'Delete PayPal payment method' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete payment method?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Payment method deleted successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(panel.getByRole('article', { name: 'PayPal', exact: true })).toHaveCount(0);
    await expect(panel.getByRole('article')).toHaveCount(3);
    await expect(panel.getByRole('button', { name: 'Add Payment Method' })).toBeEnabled();

    // Still so after a reload: the server deleted it.
    await page.reload();
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    await expect(panel.getByRole('article')).toHaveCount(3);
    await expect(panel.getByRole('article', { name: 'PayPal', exact: true })).toHaveCount(0);
  });

  test('a type added meanwhile elsewhere is refused with the server message', async ({ page }) => {
    await signInAsNewUser(page);
    const panel = await openPaymentMethodsTab(page);

    const dialog = await startAdding(page, panel, 'PayPal');
    await dialog.getByRole('textbox', { name: 'PayPal Email', exact: true }).fill('first@example.com');
    // Another tab saves a PayPal method while this form is open.
    const other = await page.request.post('/api/payment-methods', {
      headers: { 'Idempotency-Key': randomUUID(), Origin: new URL(page.url()).origin },
      data: { ...EMPTY_BODY, type: 'paypal', paypalEmail: 'other@example.com' },
    });
    expect(other.status()).toBe(201);

    await submit(dialog);
    await expect(page.getByText('Failed to add payment method')).toBeVisible();
    await expect(page.getByText('You already have a PayPal payment method')).toBeVisible();
    // The form stays open; the list catches up and the type now shows as added.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^PayPal/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('article', { name: 'PayPal', exact: true })).toBeVisible();
  });

  test('fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsNewUser(page);
    const panel = await openPaymentMethodsTab(page);
    const dialog = await startAdding(page, panel, 'Bank Wire (USA)');
    await expect(dialog.getByRole('textbox', { name: 'Account Number', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
