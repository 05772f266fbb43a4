/**
 * An element's text as the DOM holds it. The item grids' cells are not laid out until they first
 * near the viewport (content-visibility: auto), and a cell React has just inserted is not laid out
 * before the next frame: until then Chromium's innerText, which reads the layout, is empty for
 * everything in it. textContent needs no layout.
 */
import type { Locator } from '@playwright/test';

export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}
