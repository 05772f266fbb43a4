import { describe, expect, it } from 'vitest';
import { belowThresholds, cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN, median, missedPerformanceFloors, PERFORMANCE_FLOORS, type PageAudit } from './lighthouse';

const passing: PageAudit = {
  path: '/market',
  scores: { performance: 0.93, accessibility: 1, 'best-practices': 1, seo: 1 },
  failing: [],
  firstContentfulPaintMs: 1000,
  largestContentfulPaintMs: 1200,
  totalBlockingTimeMs: 500,
  cumulativeLayoutShift: 0,
  performanceRuns: 1,
  cpuSlowdown: 4,
  benchmarkIndex: 1600,
  performanceFloor: PERFORMANCE_FLOORS.score,
};

describe('median', () => {
  it('is the middle value, or the mean of the middle two, whatever the order', () => {
    expect(median([1600, 1100, 1300])).toBe(1300);
    expect(median([1100, 1700, 1300, 1500])).toBe(1400);
    expect(median([1200])).toBe(1200);
    expect(median([])).toBeNaN();
  });
});

describe('cpuSlowdownFor', () => {
  it("slows the host down to the mid-tier phone's benchmark index", () => {
    expect(cpuSlowdownFor(2500)).toBe(2.5);
    expect(cpuSlowdownFor(3140)).toBe(3.1);
  });

  it("never goes past Lighthouse's default, however fast the host", () => {
    expect(cpuSlowdownFor(4000)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(cpuSlowdownFor(6000)).toBe(DEFAULT_CPU_SLOWDOWN);
  });

  it('never goes below the low-end desktop figure, however loaded the benchmark read', () => {
    expect(cpuSlowdownFor(1500)).toBe(2);
    expect(cpuSlowdownFor(600)).toBe(2);
  });

  it('uses the default when no benchmark is known yet', () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(cpuSlowdownFor(0)).toBe(DEFAULT_CPU_SLOWDOWN);
  });
});

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

  it("holds a run to its page's own score floor when given one", () => {
    expect(missedPerformanceFloors({ ...passing, score: 0.85 }, 0.8)).toEqual([]);
    expect(missedPerformanceFloors({ ...passing, score: 0.78 }, 0.8)).toEqual(['performance 0.78 < 0.8']);
    expect(missedPerformanceFloors({ ...passing, score: 0.85 })).toEqual(['performance 0.85 < 0.9']);
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

  it("judges a page's performance against its own floor", () => {
    const signedIn = { ...passing, path: '/listings', scores: { ...passing.scores, performance: 0.84 }, performanceFloor: 0.8, performanceRuns: 2 };
    expect(belowThresholds([signedIn])).toEqual([]);
    expect(belowThresholds([{ ...signedIn, scores: { ...signedIn.scores, performance: 0.79 } }])).toEqual(['/listings performance 0.79 < 0.8 (best of 2 runs)']);
  });

  it("fails a first visit whose page at rest (the worker's toast up) is under the accessibility threshold", () => {
    const rested = { path: '/', accessibility: 1, failing: [] };
    expect(belowThresholds([passing], [rested])).toEqual([]);
    expect(belowThresholds([passing], [{ ...rested, accessibility: 0.96, failing: ['color-contrast'] }])).toEqual(['/ first visit at rest: accessibility 0.96 < 1 (color-contrast)']);
  });

  it('fails a page whose best performance run misses a floor, saying how many runs it took', () => {
    const audit = { ...passing, largestContentfulPaintMs: 3400, performanceRuns: 3 };
    expect(belowThresholds([audit])).toEqual(['/market largest contentful paint 3.4 s > 2.5 s (best of 3 runs)']);
  });
});
