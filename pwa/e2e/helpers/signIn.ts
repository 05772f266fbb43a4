/**
 * Signing in for end-to-end tests, the way a user does: 'Login with Steam' in the navigation bar,
 * then a demo account on the simulated Steam's OpenID page (/dev/steam/openid/login), which returns
 * the browser to '/' signed in. Works at desktop widths (nav button) and mobile ones (mobile menu).
 */
import { expect, type Page } from '@playwright/test';

/** The simulated Steam's demo accounts (Demo Decliner's trade offers are always declined). */
export const DEMO_ACCOUNTS = {
  seller: { personaName: 'Demo Seller', steamId: '76561198000000001' },
  buyer: { personaName: 'Demo Buyer', steamId: '76561198000000002' },
  decliner: { personaName: 'Demo Decliner', steamId: '76561198000000003' },
} as const;

/**
 * How long the signed-in navigation may take to appear after the return to '/': the page hydrates
 * and then asks for the user, which on a busy machine took longer than the default 7 s.
 */
const SIGNED_IN_TIMEOUT_MS = 20_000;

/** Below Chakra's md breakpoint (48em) the account controls live in the mobile menu. */
const MOBILE_MAX_WIDTH = 767;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The nav's account menu button of a signed-in user (desktop widths). */
export function accountMenuButton(page: Page, personaName: string) {
  return page.getByRole('banner').getByRole('button', { name: `Account menu: ${personaName}` });
}

/** Signs in as a simulated Steam account by its persona name and waits until the app shows it. */
export async function signInAs(page: Page, personaName: string): Promise<void> {
  await page.goto('/');
  const mobile = (page.viewportSize()?.width ?? 1280) <= MOBILE_MAX_WIDTH;
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Login with Steam' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Login with Steam' }).click();
  }

  await expect(page).toHaveURL(/\/dev\/steam\/openid\/login/);
  // Each account is a button named "<persona name> <steamid64> …".
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(personaName)}\\b`) }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('login'));
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByText(personaName, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    await expect(accountMenuButton(page, personaName)).toBeVisible({ timeout: SIGNED_IN_TIMEOUT_MS });
  }
}

/** A steamid64 nobody is likely to have used before. */
export function randomSteamId(): string {
  return `76561198${100_000_000 + Math.floor(Math.random() * 900_000_000)}`;
}

/**
 * Signs in as a brand-new Steam account (a random steamid64 through the simulated Steam's 'Any
 * Steam ID' field; `steamId` picks one), so a spec starts from an empty account whatever other specs did. Resolves with
 * the steamid64 once the app is back on '/' signed in.
 */
export async function signInAsNewUser(page: Page, steamId = randomSteamId()): Promise<string> {
  await page.goto('/');
  const mobile = (page.viewportSize()?.width ?? 1280) <= MOBILE_MAX_WIDTH;
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Login with Steam' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Login with Steam' }).click();
  }

  await expect(page).toHaveURL(/\/dev\/steam\/openid\/login/);
  await page.getByLabel('steamid64').fill(steamId);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('login'));
  if (!mobile) await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu: / })).toBeVisible({ timeout: SIGNED_IN_TIMEOUT_MS });
  return steamId;
}
