/**
 * axe-core checks for end-to-end tests: WCAG 2.1 A and AA rules on the page as it is now (an open
 * dialog included), failing on serious or critical violations with a readable list of what and where.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './hydration';

const BLOCKING = new Set(['serious', 'critical']);

/** The page's serious and critical violations, once its finite animations (a dialog or toast fading in) are over. */
async function blockingViolations(page: Page) {
  // A dialog still fading in has half-mixed colours: let finite animations end so axe sees the real ones.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

/** Runs axe on the page and asserts no serious or critical violation; `what` names the state in the failure. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  let blocking = await blockingViolations(page);
  // Something can start to fade in while axe runs (on a first visit, 'Ready to work offline' pops
  // up once the service worker has installed): axe then sees its half-mixed colours. A violation
  // counts when it is still there with the page at rest.
  if (blocking.length > 0) blocking = await blockingViolations(page);
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 8)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 3).join(' ').trim() ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe on ${what}`).toEqual([]);
}

/** Waits until the screen has rendered its heading and finished its loading states, so axe sees the final page. */
export async function settled(page: Page): Promise<void> {
  // CSS, not roles: an open modal (the Sell tab's notice) hides the page from role queries.
  await expect(page.locator('main').locator('h1, h2').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  // A prerendered page is whole before the app hydrates it: axe checks it once the app owns it.
  await waitForHydration(page);
}
