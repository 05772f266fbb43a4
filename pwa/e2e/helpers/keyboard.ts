/**
 * Keyboard-only navigation for end-to-end tests: moving focus with Tab / Shift+Tab until it reaches
 * an element, the way a keyboard user walks the page, and asking where focus is.
 */
import { expect, type Locator, type Page } from '@playwright/test';

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${backwards ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

/** True while focus is inside `container` (a dialog or popover). */
export function focusIsWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}
