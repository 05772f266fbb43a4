/**
 * The offline-first PWA and its live updates in Chromium with the network really cut
 * (`context.setOffline`): the service worker's shell and the persisted public data open `/`,
 * `/market` and the static pages; the Dexie copies show a seller's listings (countdown ticking) and
 * inventory with the 'Offline: last updated' marker; an offline profile edit waits as 'Pending
 * sync' and reaches the server exactly once when the network is back (so does a payment method
 * added offline); a 412 conflict asks the user; logout leaves nothing of the user in IndexedDB; a
 * listing change made elsewhere arrives in an open My Listings page over the live event stream; and
 * a Web Push message delivered to the service worker updates the cached listing and shows its
 * notification.
 *
 * A server restart between the offline edit and the reconnect is covered by
 * offline-restart.spec.ts (it needs a server of its own; the shared one cannot be restarted).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Listing, ListingsPage, MarketItem } from '../../shared/schemas/market';
import { currentUser, expectEditAppliedOnce, indexedDbCounts, openProfileReadyForOffline, saveProfileName, waitForServiceWorker } from './helpers/offline';
import { sellViaApi } from './helpers/selling';
import { signInAsNewUser } from './helpers/signIn';
import { textOf } from './helpers/text';

test.use({ viewport: { width: 1280, height: 900 } });
// These drive the service worker, IndexedDB and the network switch together; one retry absorbs a
// slow worker start on a loaded machine (a real failure fails twice).
test.describe.configure({ retries: 1 });

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

/** Sells the first sellable item of the signed-in account (accepted by the bot) and finds its listing. */
async function sellOneItem(page: Page, steamId: string, price: string): Promise<Listing> {
  await sellViaApi(page, steamId, [price]);
  const listings = ((await (await page.request.get('/api/listings')).json()) as ListingsPage).items;
  const listing = listings.find((candidate) => candidate.sellPrice === price);
  expect(listing).toBeDefined();
  return listing!;
}

test('/ and the static pages open with the network off', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const statsRow = page.locator('dl[aria-label="Market stats"]');
  await expect(statsRow).toContainText('Active Traders');

  await goOffline(context);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Sell your CS2 skins for real money/i);
  await expect(statsRow).toContainText('Active Traders');
  for (const [path, heading] of [
    ['/help-center', /Help Center/i],
    ['/terms-of-service', /Terms of Service/i],
    ['/privacy-policy', /Privacy Policy/i],
    ['/refund-policy', /Refund Policy/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await context.setOffline(false);
});

test('/market shows the persisted first page with the network off', async ({ page, context }) => {
  const [firstItem] = (await (await page.request.get('/api/skins?limit=18')).json()).items as MarketItem[];
  await page.goto('/market');
  await waitForServiceWorker(page);
  await expect(page.getByText(firstItem!.name).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate((name) => localStorage.getItem('skinmarket.public-cache')?.includes(name) ?? false, firstItem!.name), { timeout: 10_000 })
    .toBe(true);
  await goOffline(context);
  await page.goto('/market');
  await expect(page.getByText(firstItem!.name).first()).toBeVisible();
  await context.setOffline(false);
});

test("a seller's listings (countdown ticking) and inventory show offline, marked as a copy", async ({ page, context }) => {
  const steamId = await signInAsNewUser(page);
  const listing = await sellOneItem(page, steamId, '21.50');
  await page.goto('/inventory');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  const inventoryCards = page.getByRole('main').getByRole('article');
  const firstItemName = await inventoryCards.first().evaluate((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
  const itemCount = await inventoryCards.count();
  await page.goto('/listings');
  await waitForServiceWorker(page);
  await expect(page.getByRole('article', { name: listing.name })).toBeVisible();
  // The device copy is written just after the list shows; cut the network before that and a
  // reload has nothing to show.
  await expect.poll(async () => (await indexedDbCounts(page)).listings).toBe(1);

  await goOffline(context);
  await page.reload();
  const card = page.getByRole('article', { name: listing.name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Trade Protection Hold')).toBeVisible();
  await expect(page.getByText(/^Offline: last updated /)).toBeVisible();
  // The countdown runs from the cached holdEndTime: it keeps changing with no network.
  const countdown = card.getByLabel(/^Time remaining: /);
  await expect(countdown).toHaveText(/^(\d+d )?(\d+h )?\d+m$/);
  await page.clock.install();
  const before = await textOf(countdown);
  await page.clock.fastForward('03:00');
  await expect(countdown).not.toHaveText(before);

  await page.goto('/inventory');
  await expect(page.getByText(/^Offline: last updated /)).toBeVisible();
  await expect(inventoryCards.first()).toHaveAccessibleName(firstItemName);
  await expect(inventoryCards).toHaveCount(itemCount);
  await context.setOffline(false);
});

test('an offline profile edit waits as Pending sync and reaches the server once when back online', async ({ page, context }) => {
  const before = await openProfileReadyForOffline(page);
  const form = page.getByRole('form', { name: 'Profile settings' });

  // Opened again with no network: the page knows its user only from the copy on the device.
  await goOffline(context);
  await page.reload();
  await saveProfileName(page, 'Offline');
  await expect(page.getByText('Pending sync', { exact: true }).first()).toBeVisible();
  await expect(form.getByLabel('First Name')).toHaveValue('Offline');
  expect((await indexedDbCounts(page)).outbox).toBe(1);
  expect((await currentUser(page)).version).toBe(before.version);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Profile Settings' }).locator('..').getByText('Pending sync')).toHaveCount(0, { timeout: 15_000 });
  await expectEditAppliedOnce(page, context, 'Offline', before.version);
});

test('a queued edit refused as stale (412) shows the conflict dialog; Keep mine applies it', async ({ page, context }) => {
  const before = await openProfileReadyForOffline(page);

  await goOffline(context);
  await saveProfileName(page, 'Mine');
  await expect(page.getByText('Pending sync', { exact: true }).first()).toBeVisible();

  // Meanwhile the profile changes on another device.
  const elsewhere = await page.request.patch('/api/user/profile', {
    data: { displayName: 'Server Side' },
    headers: { 'If-Match': `"${before.version}"` },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await context.setOffline(false);
  const dialog = page.getByRole('alertdialog', { name: 'Your profile changed elsewhere' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('Server Side');
  await expect(dialog.getByRole('row', { name: /^Name/ })).toContainText('Mine Tester');
  // Only what differs is compared.
  await expect(dialog.getByRole('row', { name: /^Email/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await currentUser(page)).displayName.split(' ')[0], { timeout: 15_000 }).toBe('Mine');
  expect((await currentUser(page)).version).toBe(before.version + 2);
});

test('logout leaves no user data in IndexedDB', async ({ page }) => {
  const steamId = await signInAsNewUser(page);
  await sellOneItem(page, steamId, '7.77');
  await page.goto('/listings');
  await expect(page.getByRole('list', { name: 'Your listings' }).getByRole('listitem')).toHaveCount(1);
  // The copies are written in the background once the data loaded: wait for them before leaving.
  await expect.poll(async () => (await indexedDbCounts(page)).listings).toBe(1);
  await page.goto('/profile');
  await expect.poll(async () => (await indexedDbCounts(page)).user).toBe(1);

  await page.getByRole('banner').getByRole('button', { name: /^Account menu: / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login with Steam' })).toBeVisible();
  // Logout clears the tables, then reloads the page: wait for the page the reload brings, then read.
  await expect
    .poll(async () => {
      const counts = await indexedDbCounts(page);
      return Object.keys(counts).length > 0 ? Object.entries(counts).filter(([, count]) => count > 0) : 'no tables';
    })
    .toEqual([]);
});

test('a listing change made elsewhere reaches an open My Listings page over the live stream', async ({ page, playwright, baseURL }) => {
  const steamId = await signInAsNewUser(page);
  const listing = await sellOneItem(page, steamId, '9.99');
  await page.goto('/listings');
  const card = page.getByRole('article', { name: listing.name });
  await expect(card.getByText('Trade Protection Hold')).toBeVisible();

  // Another device of the same user cancels it (the page polls only every 30 s).
  const otherDevice = await playwright.request.newContext({ baseURL, storageState: await page.context().storageState() });
  const cancelled = await otherDevice.post(`/api/listings/${listing.id}/cancel`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await otherDevice.dispose();

  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 3_000 });
});

test('a push message updates the cached listing and shows its notification', async ({ page, context, baseURL }) => {
  const steamId = await signInAsNewUser(page);
  const listing = await sellOneItem(page, steamId, '4.44');
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/listings');
  await waitForServiceWorker(page);
  await expect(page.getByRole('article', { name: listing.name })).toBeVisible();
  await expect.poll(async () => (await indexedDbCounts(page)).listings).toBe(1);

  // Deliver a message as the push service would, straight to the worker (Chromium's protocol).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL === `${baseURL}/` && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = {
    title: 'Listing Cancelled',
    body: `${listing.name}: the item is being returned to your Steam inventory`,
    url: '/listings',
    listing: { id: listing.id, status: 'cancelled', holdEndTime: listing.holdEndTime },
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${baseURL}/`, registrationId: await registrationId, data: JSON.stringify(message) });

  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => [shown.title, shown.body])),
    )
    .toEqual([[message.title, message.body]]);
  const cachedStatus = () =>
    page.evaluate(
      (id) =>
        new Promise<string | undefined>((resolve, reject) => {
          const open = indexedDB.open('skinmarket');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('listings').objectStore('listings').get(id);
            request.onsuccess = () => {
              open.result.close();
              resolve((request.result as { status?: string } | undefined)?.status);
            };
          };
        }),
      listing.id,
    );
  await expect.poll(cachedStatus).toBe('cancelled');
});

test('a payment method added offline shows as Pending sync and is saved once when back online', async ({ page, context }) => {
  await signInAsNewUser(page);
  await page.goto('/profile');
  await waitForServiceWorker(page);
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  const panel = page.getByRole('region', { name: 'Payment Methods', exact: true });
  await expect(panel.getByText('No payment methods yet')).toBeVisible();

  await goOffline(context);
  await panel.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByRole('group', { name: /Payment method type/ }).getByText('PayPal', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'PayPal Email', exact: true }).fill('offline.payout@example.com');
  await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(dialog).toBeHidden();
  const card = panel.getByRole('article', { name: 'PayPal', exact: true });
  await expect(card.getByText('Pending sync')).toBeVisible();
  expect(await (await page.request.get('/api/payment-methods')).json()).toEqual([]);

  await context.setOffline(false);
  await expect(card.getByText('Pending sync')).toHaveCount(0, { timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Delete PayPal payment method' })).toBeVisible();
  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1_000);
  const saved = (await (await page.request.get('/api/payment-methods')).json()) as Array<{ type: string }>;
  expect(saved.map((method) => method.type)).toEqual(['paypal']);
});
