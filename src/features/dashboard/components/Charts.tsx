import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { dutchMonths } from '../../../domain/format';
import type { Statistics } from '../api/get-statistics';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const PRIMARY = '#1f4e79';
const ACCENT = '#e08a1e';
const monthLabels = dutchMonths.map((m) => m.slice(0, 3));

interface Series {
  name: string;
  data: number[];
  line?: boolean;
  unit?: string;
}

function option(series: Series[], labels = monthLabels, legend = true) {
  const hasLine = series.some((s) => s.line);
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: legend, bottom: 0 },
    grid: { left: 40, right: hasLine ? 48 : 16, top: 24, bottom: legend ? 48 : 28 },
    xAxis: { type: 'category', data: labels },
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

function Chart({ title, series, height, labels }: { title: string; series: Series[]; height: number; labels?: string[] }) {
  return (
    <section className="panel chart" aria-label={title}>
      <h2>{title}</h2>
      <ReactEChartsCore echarts={echarts} option={option(series, labels)} style={{ height }} notMerge lazyUpdate />
    </section>
  );
}

/** The dashboard's charts (spec 1 §2.6): bars per Dutch month with line overlays, 360 and 320 px high. */
export default function Charts({ stats }: { stats: Statistics }) {
  const d = stats.deliveries;
  return (
    <div className="chart-grid">
      <div className="chart-wide">
        <Chart title="Asset Management" height={360} series={[{ name: 'In gebruik genomen', data: stats.itemInUse }]} />
      </div>
      <div className="chart-wide">
        <Chart
          title="End of life"
          height={360}
          series={[
            { name: 'Aantal', data: stats.eolItems.map((e) => e.amount) },
            { name: 'Ratio (%)', data: stats.eolItems.map((e) => e.ratio), line: true, unit: '%' },
          ]}
        />
      </div>
      <Chart title="Indiensttredingen" height={320} series={[{ name: 'Aantal', data: d.enlistmentItems }, { name: 'Gem. doorlooptijd (dagen)', data: d.daysEmployedPerMonth, line: true, unit: 'dagen' }]} />
      <Chart title="Uitdiensttredingen" height={320} series={[{ name: 'Aantal', data: stats.departures }, { name: 'Gem. doorlooptijd (dagen)', data: d.daysDeparturePerMonth, line: true, unit: 'dagen' }]} />
      <Chart title="Bulkleveringen" height={320} series={[{ name: 'Artikelen', data: d.totalbulkItems }, { name: 'Gem. doorlooptijd (dagen)', data: d.daysBulkPerMonth, line: true, unit: 'dagen' }]} />
      <Chart title="Swap aanvragen" height={320} series={[{ name: 'Aantal', data: stats.swapItems }]} />
      <Chart title="Mutatie aanvragen" height={320} series={[{ name: 'Aantal', data: d.mutationItems }, { name: 'Gem. doorlooptijd (dagen)', data: d.daysMutationsPerMonth, line: true, unit: 'dagen' }]} />
      <section className="panel chart" aria-label="Reparaties">
        <h2>Reparaties</h2>
        <p className="chart-note">Aantal per maand (staven) en gemiddelde doorlooptijd in dagen (lijn).</p>
        <div className="chart-halves">
          {[0, 6].map((start) => (
            <ReactEChartsCore
              key={start}
              echarts={echarts}
              option={option([{ name: 'Reparaties', data: stats.repairItems.slice(start, start + 6) }, { name: 'Gem. doorlooptijd (dagen)', data: d.daysRepairPerMonth.slice(start, start + 6), line: true, unit: 'dagen' }], monthLabels.slice(start, start + 6), false)}
              style={{ height: 320 }}
              notMerge
            />
          ))}
        </div>
      </section>
    </div>
  );
}
