/**
 * The benchmark's browser figures: Lighthouse's mobile scores of the gated pages (ops/lighthouse.ts)
 * and how long the installed shell takes to open again with the network cut.
 */
import { chromium } from '@playwright/test';
import { auditPages, belowThresholds, PERFORMANCE_FLOORS } from '../lighthouse';
import type { BenchResult } from './market';

/** Reload of `/` served by the service worker with the network off, until the landing page's heading shows. */
async function offlineReload(base: string, executablePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await context.setOffline(true);
    const started = performance.now();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}

export async function browserBenchmarks(base: string, executablePath: string, results: BenchResult[]): Promise<void> {
  for (const audit of (await auditPages(base)).audits) {
    const { scores } = audit;
    const gated = belowThresholds([audit]).length === 0;
    results.push({
      name: `Lighthouse ${audit.path} (mobile)`,
      value:
        `perf ${scores.performance.toFixed(2)}, a11y ${scores.accessibility.toFixed(2)}, best ${scores['best-practices'].toFixed(2)}, seo ${scores.seo.toFixed(2)}; ` +
        `FCP ${(audit.firstContentfulPaintMs / 1000).toFixed(1)} s, LCP ${(audit.largestContentfulPaintMs / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(audit.totalBlockingTimeMs)} ms, CLS ${audit.cumulativeLayoutShift.toFixed(3)}` +
        (audit.performanceRuns > 1 ? ` (performance: best of ${audit.performanceRuns} runs)` : ''),
      target: `perf ≥ ${PERFORMANCE_FLOORS.score}, a11y 1, best 1, seo ≥ 0.95`,
      ok: gated,
    });
  }
  const reloadMs = await offlineReload(base, executablePath);
  results.push({ name: 'offline reload of the shell (service worker, network off)', value: `${reloadMs.toFixed(0)} ms` });
}
