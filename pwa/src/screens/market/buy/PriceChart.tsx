/**
 * The item dialog's price chart: each day's median as a line over the band from its lowest to its
 * highest sale, drawn by uPlot on a canvas (docs/adr/0075-sales-history.md). A module of its own,
 * loaded when the dialog first draws a chart, so neither the market's start nor the dialog's text
 * waits for the chart library. The canvas says nothing to a screen reader: the dialog's summary
 * under the chart does.
 */
import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PricePoint } from '../../../../../shared/answers/items';
import { axisDate, axisPrice, CHART_HEIGHT_PX, chartSeries } from './priceHistory';

const DAY_S = 24 * 60 * 60;
// The theme's values (pwa/src/theme.ts): a canvas takes colours, not tokens.
const LINE = '#ffb84a';
const BAND = 'rgba(249, 128, 7, 0.16)';
const TEXT = '#8794ab';
const GRID = '#222a38';
const FONT = '11px Inter, "Segoe UI", system-ui, sans-serif';

const axis = (values: uPlot.Axis['values'], size: number): uPlot.Axis => ({
  stroke: TEXT,
  font: FONT,
  size,
  values,
  grid: { stroke: GRID, width: 1 },
  ticks: { stroke: GRID, width: 1, size: 4 },
});

function chartOptions(width: number): uPlot.Options {
  return {
    width,
    height: CHART_HEIGHT_PX,
    legend: { show: false },
    cursor: { show: false },
    // Days are UTC days (the API buckets them so): the date axis counts in UTC too.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      // A single day would be a scale of no width: a day either side.
      x: { time: true, range: (_chart, min, max) => (min === max ? [min - DAY_S, max + DAY_S] : [min, max]) },
    },
    axes: [
      axis((_chart, splits) => splits.map(axisDate), 28),
      axis((_chart, splits) => splits.map(axisPrice), 72),
    ],
    series: [
      {},
      { label: 'High', stroke: 'transparent', points: { show: false } },
      { label: 'Low', stroke: 'transparent', points: { show: false } },
      { label: 'Median', stroke: LINE, width: 2, points: { size: 5, fill: LINE, stroke: LINE } },
    ],
    bands: [{ series: [1, 2], fill: BAND }],
  };
}

export function PriceChart({ points }: { points: readonly PricePoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = new uPlot(chartOptions(element.clientWidth), chartSeries(points), element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT_PX }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points]);
  return <Box ref={container} h={`${CHART_HEIGHT_PX}px`} w="full" overflow="hidden" aria-hidden="true" />;
}
