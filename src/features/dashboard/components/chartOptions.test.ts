import { assert, describe, expect, it } from 'vitest';
import type { Statistics } from '../api/get-statistics';
import { chartOption, dashboardCharts, repairHalfYearOptions } from './chartOptions';

const month = (n: number) => Array.from({ length: 12 }, (_, i) => n + i);
const stats: Statistics = {
  total_items_in_stock: 0,
  total_items_in_use: 0,
  total_items_in_repair: 0,
  usedCategories: [],
  inStockCategories: [],
  inRepairCategories: [],
  eolItems: month(0).map((m) => ({ month: m + 1, amount: 1, ratio: 2, past: false })),
  eol_horizon_months: 3,
  repairItems: month(100),
  itemInUse: month(1),
  deliveries: {
    totalbulkItems: month(200),
    bulkDeliveries: month(250),
    daysBulkPerMonth: month(300),
    daysSwapPerMonth: month(400),
    enlistmentItems: month(500),
    daysEmployedPerMonth: month(600),
    daysDeparturePerMonth: month(700),
    daysRepairPerMonth: month(800),
    daysMutationsPerMonth: month(900),
    mutationItems: month(1000),
  },
  departures: month(1100),
  swapItems: month(1200),
};

describe('dashboard chart options (spec 1 §2.6)', () => {
  it('gives every month chart a bar series with a line overlay on its own axis', () => {
    const charts = dashboardCharts(stats);
    expect(charts.map((c) => c.title)).toEqual([
      'Asset Management',
      'End of life',
      'Indiensttredingen',
      'Uitdiensttredingen',
      'Bulkleveringen',
      'Swap aanvragen',
      'Mutatie aanvragen',
    ]);
    for (const chart of charts) {
      const types = chartOption(chart.series).series.map((s) => s.type);
      expect(types, chart.title).toEqual(['bar', 'line']);
    }
  });

  it("draws the swap lead time from daysSwapPerMonth and Asset Management's running total", () => {
    const byTitle = Object.fromEntries(dashboardCharts(stats).map((c) => [c.title, c.series]));
    expect(byTitle['Swap aanvragen']?.[1]?.data).toEqual(stats.deliveries.daysSwapPerMonth);
    expect(byTitle['Asset Management']?.[1]?.data).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78]);
  });

  it('labels every month of both half-year repair charts', () => {
    const [first, second] = repairHalfYearOptions(stats);
    expect(first?.xAxis).toEqual({
      type: 'category',
      data: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun'],
      axisLabel: { interval: 0, rotate: 0 },
    });
    expect(second?.xAxis.data).toEqual(['jul', 'aug', 'sep', 'okt', 'nov', 'dec']);
    expect(first?.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(second?.series[0]?.data).toEqual(stats.repairItems.slice(6));
  });

  it('turns the month labels where twelve do not fit upright, and keeps six upright on a phone', () => {
    const [months] = dashboardCharts(stats);
    assert.exists(months);
    expect(chartOption(months.series, undefined, true, 1200).xAxis.axisLabel.rotate).toBe(0);
    expect(chartOption(months.series, undefined, true, 330).xAxis.axisLabel.rotate).toBe(45);
    const [half] = repairHalfYearOptions(stats, 330);
    expect(half?.xAxis.axisLabel.rotate).toBe(0);
  });
});
