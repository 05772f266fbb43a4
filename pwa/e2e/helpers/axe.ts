/**
 * axe-core checks for end-to-end tests: WCAG 2.1 A and AA rules on the page as it is now (an open
 * dialog included), failing on serious or critical violations with a readable list of what and where.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
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

/**
 * Asserts WCAG AA contrast for every piece of text inside `region`, worked out from the computed
 * colours: the text's colour and the opacities between it and the nearest opaque background,
 * blended over that background. For where axe cannot decide (it reports a fixed, overlapping toast
 * as 'incomplete', never as a violation).
 */
export async function expectReadableText(region: Locator, what: string): Promise<void> {
  const failures = await region.evaluate((root) => {
    type Colour = { r: number; g: number; b: number; a: number };
    const parse = (css: string): Colour => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const channel = (value: number) => {
      const v = value / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ({ r, g, b }: Colour) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const found: string[] = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const text = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent?.trim()).join('');
      if (!text) continue;
      const style = getComputedStyle(element);
      const colour = parse(style.color);
      let alpha = colour.a;
      let background: Colour = { r: 255, g: 255, b: 255, a: 1 };
      for (let at: Element | null = element; at; at = at.parentElement) {
        const own = getComputedStyle(at);
        const fill = parse(own.backgroundColor);
        if (fill.a === 1) {
          background = fill;
          break;
        }
        alpha *= Number(own.opacity);
      }
      const mix = (text: number, under: number) => alpha * text + (1 - alpha) * under;
      const seen = { r: mix(colour.r, background.r), g: mix(colour.g, background.g), b: mix(colour.b, background.b), a: 1 };
      const [light, dark] = [luminance(seen), luminance(background)].sort((x, y) => y - x) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) found.push(`'${text}': ${ratio.toFixed(2)}:1`);
    }
    return found;
  });
  expect(failures, `text contrast in ${what}`).toEqual([]);
}
