/**
 * Helpers of the offline specs (offline.spec.ts, offline-restart.spec.ts): waiting for the service
 * worker to precache the app and control the page, reading the signed-in user and the app's
 * IndexedDB as the server and the device see them, and a profile ready to be edited through its
 * form.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { CurrentUser } from '../../../shared/schemas/user';
import { accountIdOf } from '../../../shared/steam';
import { signInAsNewUser } from './signIn';

/** How long 'Ready to work offline' may take: it follows the first worker's precache of the whole app (about 2 MiB). */
export const PRECACHED_TIMEOUT = 20_000;

/**
 * Waits until the service worker controls the page (it has precached the app by then). A page
 * loaded while the first worker was still activating is not claimed by it: reloading fixes that.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return true;
      return new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
        setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), 3_000);
      });
    });
  if (await controlled()) return;
  await page.reload();
  expect(await controlled()).toBe(true);
}

export async function currentUser(page: Page): Promise<CurrentUser> {
  return (await (await page.request.get('/api/user')).json()) as CurrentUser;
}

/** Row counts of every table of the app's IndexedDB database. */
export async function indexedDbCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('skinmarket');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const names = Array.from(database.objectStoreNames);
          const counts: Record<string, number> = {};
          if (names.length === 0) {
            database.close();
            resolve(counts);
            return;
          }
          const transaction = database.transaction(names, 'readonly');
          for (const name of names) {
            const request = transaction.objectStore(name).count();
            request.onsuccess = () => {
              counts[name] = request.result;
            };
          }
          transaction.oncomplete = () => {
            database.close();
            resolve(counts);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
}

/** A new account has no e-mail and trade URL, which the profile form requires: save them first. */
async function completeProfile(page: Page, steamId: string): Promise<void> {
  const user = await currentUser(page);
  const saved = await page.request.patch('/api/user/profile', {
    data: {
      email: `${steamId}@example.com`,
      tradeUrl: `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdOf(steamId)}&token=Offl1ne_e2e`,
    },
    headers: { 'If-Match': `"${user.version}"` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

export async function saveProfileName(page: Page, firstName: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Profile settings' });
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByRole('button', { name: 'Save Profile' }).click();
}

/**
 * The queued profile edit (first name `firstName`) has reached the server exactly once: the queue
 * is empty, the profile is one version on and shows the name, and replays after it (a reload, the
 * network flapping) send nothing more.
 */
export async function expectEditAppliedOnce(page: Page, context: BrowserContext, firstName: string, versionBefore: number): Promise<void> {
  await expect.poll(async () => (await indexedDbCounts(page)).outbox).toBe(0);
  const after = await currentUser(page);
  expect(after.version).toBe(versionBefore + 1);
  expect(after.displayName.split(' ')[0]).toBe(firstName);
  await expect(page.getByRole('form', { name: 'Profile settings' }).getByLabel('First Name')).toHaveValue(firstName);

  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1_000);
  expect((await currentUser(page)).version).toBe(versionBefore + 1);
}

/**
 * A new user with a complete profile on /profile, the service worker in control and the user's
 * copy saved on the device (a page reopened offline knows its user only from it): ready for an
 * offline edit. Resolves with the user as the server has them.
 */
export async function openProfileReadyForOffline(page: Page): Promise<CurrentUser> {
  await completeProfile(page, await signInAsNewUser(page));
  await page.goto('/profile');
  await waitForServiceWorker(page);
  await expect(page.getByRole('form', { name: 'Profile settings' }).getByLabel('First Name')).toBeVisible();
  await expect.poll(async () => (await indexedDbCounts(page)).user).toBe(1);
  return currentUser(page);
}
