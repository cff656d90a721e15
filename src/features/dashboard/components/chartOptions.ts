import { dutchMonthAbbreviations } from '@domain/format';
import type { Statistics } from '../api/get-statistics';

const PRIMARY = '#1f4e79';
const ACCENT = '#e08a1e';
export const monthLabels = dutchMonthAbbreviations;
/** Room one upright month label needs (12 px text); below it the labels are turned 45 degrees. */
const UPRIGHT_LABEL_WIDTH = 30;

export interface Series {
  name: string;
  data: number[];
  line?: boolean;
  unit?: string;
}

export interface ChartSpec {
  title: string;
  height: number;
  wide?: boolean;
  series: Series[];
}

/**
 * ECharts option of one chart: bars on the left axis, the line overlay on its own right axis.
 * `width` is the chart's width in pixels: where the months have too little room side by side
 * (twelve on a phone), their labels are turned so they do not overlap.
 */
export function chartOption(series: Series[], labels = monthLabels, legend = true, width = Infinity) {
  const hasLine = series.some((s) => s.line);
  const grid = { left: 40, right: hasLine ? 48 : 16 };
  const turned = (width - grid.left - grid.right) / labels.length < UPRIGHT_LABEL_WIDTH;
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: legend, bottom: 0 },
    grid: { ...grid, top: 24, bottom: (legend ? 48 : 28) + (turned ? 12 : 0) },
    // Every month gets its label; ECharts would otherwise skip some on a narrow chart.
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: turned ? 45 : 0 } },
    yAxis: [
      { type: 'value', minInterval: 1 },
      ...(hasLine ? [{ type: 'value', name: series.find((s) => s.line)?.unit, splitLine: { show: false } }] : []),
    ],
    series: series.map((s) => ({
      name: s.name,
      type: s.line ? 'line' : 'bar',
      yAxisIndex: s.line ? 1 : 0,
      data: s.data,
      smooth: true,
      itemStyle: { color: s.line ? ACCENT : PRIMARY },
      barMaxWidth: 28,
    })),
  };
}

/** Running total over the year: how many items were taken into use up to and including each month. */
function cumulative(values: number[]): number[] {
  let sum = 0;
  return values.map((v) => (sum += v));
}

const leadTime = (data: number[]): Series => ({ name: 'Gem. doorlooptijd (dagen)', data, line: true, unit: 'dagen' });

/** The dashboard's month charts (spec 1 §2.6), each a bar series with its line overlay. */
export function dashboardCharts(stats: Statistics): ChartSpec[] {
  const d = stats.deliveries;
  return [
    {
      title: 'Asset Management',
      height: 360,
      wide: true,
      series: [
        { name: 'In gebruik genomen', data: stats.itemInUse },
        { name: 'Totaal dit jaar', data: cumulative(stats.itemInUse), line: true, unit: 'totaal' },
      ],
    },
    {
      title: 'End of life',
      height: 360,
      wide: true,
      series: [
        { name: 'Aantal', data: stats.eolItems.map((e) => e.amount) },
        { name: 'Ratio (%)', data: stats.eolItems.map((e) => e.ratio), line: true, unit: '%' },
      ],
    },
    {
      title: 'Indiensttredingen',
      height: 320,
      series: [{ name: 'Aantal', data: d.enlistmentItems }, leadTime(d.daysEmployedPerMonth)],
    },
    {
      title: 'Uitdiensttredingen',
      height: 320,
      series: [{ name: 'Aantal', data: stats.departures }, leadTime(d.daysDeparturePerMonth)],
    },
    {
      title: 'Bulkleveringen',
      height: 320,
      series: [{ name: 'Artikelen', data: d.totalbulkItems }, leadTime(d.daysBulkPerMonth)],
    },
    {
      title: 'Swap aanvragen',
      height: 320,
      series: [{ name: 'Aantal', data: stats.swapItems }, leadTime(d.daysSwapPerMonth)],
    },
    {
      title: 'Mutatie aanvragen',
      height: 320,
      series: [{ name: 'Aantal', data: d.mutationItems }, leadTime(d.daysMutationsPerMonth)],
    },
  ];
}

/** The two half-year repair charts: January–June and July–December, every month labelled. */
export function repairHalfYears(stats: Statistics): { labels: string[]; series: Series[] }[] {
  return [0, 6].map((start) => ({
    labels: monthLabels.slice(start, start + 6),
    series: [
      { name: 'Reparaties', data: stats.repairItems.slice(start, start + 6) },
      leadTime(stats.deliveries.daysRepairPerMonth.slice(start, start + 6)),
    ],
  }));
}

export function repairHalfYearOptions(stats: Statistics, width = Infinity) {
  return repairHalfYears(stats).map(({ labels, series }) => chartOption(series, labels, false, width));
}
