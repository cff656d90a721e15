import { useEffect, useMemo, useRef, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { Statistics } from '../api/get-statistics';
import { chartOption, dashboardCharts, repairHalfYears, type Series } from './chartOptions';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/**
 * One month chart that follows its box: a ResizeObserver resizes the chart when the page narrows
 * or a tablet turns (the chart would otherwise keep its first width and push the page sideways),
 * and the option learns the width so twelve month labels can turn where they would overlap.
 * SVG, so the labels are text a reader (and a test) can find.
 */
function MonthChart({
  series,
  labels,
  legend,
  height,
}: {
  series: Series[];
  labels?: string[];
  legend?: boolean;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
      const drawn = box.current?.firstElementChild;
      // echarts-for-react creates the chart with its first size as fixed options: 'auto' reads the box again.
      if (drawn instanceof HTMLElement) echarts.getInstanceByDom(drawn)?.resize({ width: 'auto', height: 'auto' });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const option = useMemo(() => chartOption(series, labels, legend, width), [series, labels, legend, width]);
  return (
    <div ref={box} className="chart-box">
      {width !== undefined && (
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          style={{ height }}
          opts={{ renderer: 'svg' }}
          autoResize={false}
          notMerge
          lazyUpdate
        />
      )}
    </div>
  );
}

function Chart({ title, series, height }: { title: string; series: Series[]; height: number }) {
  return (
    <section className="panel chart" aria-label={title}>
      <h2>{title}</h2>
      <MonthChart series={series} height={height} />
    </section>
  );
}

/** The dashboard's charts (spec 1 §2.6): bars per Dutch month with line overlays, 360 and 320 px high. */
export default function Charts({ stats }: { stats: Statistics }) {
  const charts = useMemo(() => dashboardCharts(stats), [stats]);
  const halves = useMemo(() => repairHalfYears(stats), [stats]);
  return (
    <div className="chart-grid">
      {charts.map(({ title, height, wide, series }) => {
        const chart = <Chart key={title} title={title} height={height} series={series} />;
        return wide ? (
          <div key={title} className="chart-wide">
            {chart}
          </div>
        ) : (
          chart
        );
      })}
      <section className="panel chart" aria-label="Reparaties">
        <h2>Reparaties</h2>
        <p className="chart-note">Aantal per maand (staven) en gemiddelde doorlooptijd in dagen (lijn).</p>
        <div className="chart-halves">
          {halves.map((half, i) => (
            <MonthChart key={i} series={half.series} labels={half.labels} legend={false} height={320} />
          ))}
        </div>
      </section>
    </div>
  );
}
