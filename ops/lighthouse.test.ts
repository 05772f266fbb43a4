import { describe, expect, it } from 'vitest';
import { belowThresholds, missedPerformanceFloors, PERFORMANCE_FLOORS, type PageAudit } from './lighthouse';

const passing: PageAudit = {
  path: '/market',
  scores: { performance: 0.93, accessibility: 1, 'best-practices': 1, seo: 1 },
  failing: [],
  firstContentfulPaintMs: 1000,
  largestContentfulPaintMs: 1200,
  totalBlockingTimeMs: 500,
  cumulativeLayoutShift: 0,
  performanceRuns: 1,
};

describe('missedPerformanceFloors', () => {
  it('is empty for a run that meets every floor, the floors themselves included', () => {
    expect(missedPerformanceFloors({ ...passing, score: 0.93 })).toEqual([]);
    expect(
      missedPerformanceFloors({
        ...passing,
        score: PERFORMANCE_FLOORS.score,
        largestContentfulPaintMs: PERFORMANCE_FLOORS.largestContentfulPaintMs,
        cumulativeLayoutShift: PERFORMANCE_FLOORS.cumulativeLayoutShift,
      }),
    ).toEqual([]);
  });

  it('names each floor a run misses', () => {
    expect(missedPerformanceFloors({ ...passing, score: 0.46, largestContentfulPaintMs: 6300, cumulativeLayoutShift: 0.22 })).toEqual([
      'performance 0.46 < 0.9',
      'largest contentful paint 6.3 s > 2.5 s',
      'cumulative layout shift 0.220 > 0.1',
    ]);
  });
});

describe('belowThresholds', () => {
  it('passes a page that meets the categories and the performance floors', () => {
    expect(belowThresholds([passing])).toEqual([]);
  });

  it('fails a page under a category threshold, with the audits that cost it points', () => {
    const audit = { ...passing, scores: { ...passing.scores, accessibility: 0.96 }, failing: ['accessibility: color-contrast'] };
    expect(belowThresholds([audit])).toEqual(['/market accessibility 0.96 < 1 (accessibility: color-contrast)']);
  });

  it('fails a page whose best performance run misses a floor, saying how many runs it took', () => {
    const audit = { ...passing, largestContentfulPaintMs: 3400, performanceRuns: 3 };
    expect(belowThresholds([audit])).toEqual(['/market largest contentful paint 3.4 s > 2.5 s (best of 3 runs)']);
  });
});
