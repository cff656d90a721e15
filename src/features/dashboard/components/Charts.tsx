import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { Statistics } from '../api/get-statistics';
import { chartOption, dashboardCharts, repairHalfYearOptions, type Series } from './chartOptions';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

function Chart({ title, series, height }: { title: string; series: Series[]; height: number }) {
  return (
    <section className="panel chart" aria-label={title}>
      <h2>{title}</h2>
      <ReactEChartsCore echarts={echarts} option={chartOption(series)} style={{ height }} notMerge lazyUpdate />
    </section>
  );
}

/** The dashboard's charts (spec 1 §2.6): bars per Dutch month with line overlays, 360 and 320 px high. */
export default function Charts({ stats }: { stats: Statistics }) {
  return (
    <div className="chart-grid">
      {dashboardCharts(stats).map(({ title, height, wide, series }) => {
        const chart = <Chart key={title} title={title} height={height} series={series} />;
        return wide ? <div key={title} className="chart-wide">{chart}</div> : chart;
      })}
      <section className="panel chart" aria-label="Reparaties">
        <h2>Reparaties</h2>
        <p className="chart-note">Aantal per maand (staven) en gemiddelde doorlooptijd in dagen (lijn).</p>
        <div className="chart-halves">
          {repairHalfYearOptions(stats).map((halfYear, i) => (
            <ReactEChartsCore key={i} echarts={echarts} option={halfYear} style={{ height: 320 }} notMerge />
          ))}
        </div>
      </section>
    </div>
  );
}
