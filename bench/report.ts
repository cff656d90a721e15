/**
 * The tables of `npm run bench`: one per run and, with several runs, the median of each figure.
 * Ratios are to the bare route measured in turns with each route (bench/load.ts), or with --unpaired
 * to the bare route at the start of the run. A portal route that comes out faster than its bare route
 * does more work in less time: the load generator or the machine, not the server, set the pace of
 * that run, and its ratios are withheld.
 */
import { BARE, baselineOf, type Route } from './routes';
import type { Figures, LoadResult } from './load';
import { median } from './stats';

export interface RunResult {
  results: LoadResult[];
  uptime: string;
}

const isBare = (r: LoadResult, table: Route[]) => table.find((t) => t.name === r.name)?.who === 'bare';

/**
 * The bare figures a route compares with: its own turns, else the run's row of its bare route. A bare
 * row compares with the run's first, the baseline: the last shows the drift of the machine's load.
 */
function bareOf(r: LoadResult, run: LoadResult[], table: Route[]): Figures | undefined {
  const route = table.find((t) => t.name === r.name);
  return r.bare ?? run.find((b) => b.name === (route && route.who !== 'bare' ? baselineOf(route) : BARE));
}

/** Portal routes faster than their bare route: when there are any, the run's ratios mean nothing. */
export function fasterThanBare(run: LoadResult[], table: Route[]): LoadResult[] {
  return run.filter((r) => !isBare(r, table) && r.perSecond > (bareOf(r, run, table)?.perSecond ?? Infinity));
}

interface Row {
  name: string;
  perSecond: number;
  bare: number;
  ratio: number;
  p50: number;
  p975: number;
  p975Ratio: number;
  goal?: number;
  failed?: string;
}

function rowsOf(run: LoadResult[], table: Route[]): Row[] {
  return run.map((r) => {
    const bare = bareOf(r, run, table);
    return {
      name: r.name,
      perSecond: r.perSecond,
      p50: r.p50,
      p975: r.p975,
      bare: bare?.perSecond ?? NaN,
      ratio: bare ? r.perSecond / bare.perSecond : NaN,
      p975Ratio: bare ? r.p975 / bare.p975 : NaN,
      goal: table.find((t) => t.name === r.name)?.goal,
      failed: r.failed,
    };
  });
}

function verdict(row: Row): string {
  if (row.failed) return `MISSED: ${row.failed}`;
  if (row.goal === undefined) return '';
  const ratioMet = row.ratio >= row.goal;
  const tailMet = row.p975Ratio <= 3;
  return `≥ ${row.goal} ${ratioMet ? 'met' : 'MISSED'}; p97.5 ${tailMet ? 'met' : 'MISSED'}`;
}

function printRows(rows: Row[], withRatios: boolean): void {
  console.log(
    `| ${'route'.padEnd(52)} | ${'req/s'.padStart(6)} | bare req/s | ratio | ${'p50'.padStart(8)} | ${'p97.5'.padStart(8)} | p97.5/bare | goal |`,
  );
  console.log(`|${'-'.repeat(54)}|-------:|-----------:|------:|---------:|---------:|-----------:|------|`);
  for (const r of rows) {
    // A bare row without the baseline in the table (--only) has nothing to compare with.
    const figure = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
    const ratio = withRatios ? figure(r.ratio, 2) : '-';
    const tail = withRatios && !r.failed ? figure(r.p975Ratio, 2) : '-';
    const ms = (v: number) => (Number.isFinite(v) ? `${Number(v.toFixed(2))} ms` : '-');
    console.log(
      `| ${r.name.padEnd(52)} | ${r.perSecond.toFixed(0).padStart(6)} | ${figure(r.bare, 0).padStart(10)} | ${ratio.padStart(5)} | ${ms(r.p50).padStart(8)} | ${ms(r.p975).padStart(8)} | ${tail.padStart(10)} | ${withRatios || r.failed ? verdict(r) : ''} |`,
    );
  }
}

/** One run's table; false when its ratios were withheld. */
export function printRun(index: number, run: RunResult, table: Route[]): boolean {
  const faster = fasterThanBare(run.results, table);
  console.log(`\nRun ${index + 1} (${run.uptime.trim()})`);
  printRows(rowsOf(run.results, table), faster.length === 0);
  if (faster.length) {
    console.log(
      `Ratios withheld: ${faster.map((r) => r.name).join(', ')} came out faster than their bare route, which does strictly less ` +
        'work per request. The load generator or other work on the machine, not the server, set the pace of this run.',
    );
    console.log('A run whose ratios are withheld counts in no median.');
  }
  return faster.length === 0;
}

/** Per route, the median over the runs whose ratios stand of req/s, ratio, p50, p97.5 and p97.5 to bare. */
export function printMedian(runs: RunResult[], table: Route[]): void {
  const valid = runs
    .filter((run) => fasterThanBare(run.results, table).length === 0)
    .map((run) => rowsOf(run.results, table));
  if (!valid.length) {
    console.log('\nNo run had ratios that stand: no median.');
    return;
  }
  console.log(`\nMedian of ${valid.length} run(s) whose ratios stand (of ${runs.length}):`);
  const names = valid[0]?.map((r) => r.name) ?? [];
  printRows(
    names.map((name) => {
      const of = valid
        .map((rows) => rows.find((r) => r.name === name))
        .filter((r): r is Row => r !== undefined && !r.failed);
      if (!of.length)
        return {
          name,
          goal: undefined,
          perSecond: 0,
          bare: NaN,
          ratio: 0,
          p50: NaN,
          p975: NaN,
          p975Ratio: NaN,
          failed: 'no figures in any run',
        };
      return {
        name,
        goal: of[0]?.goal,
        perSecond: median(of.map((r) => r.perSecond)),
        bare: median(of.map((r) => r.bare)),
        ratio: median(of.map((r) => r.ratio)),
        p50: median(of.map((r) => r.p50)),
        p975: median(of.map((r) => r.p975)),
        p975Ratio: median(of.map((r) => r.p975Ratio)),
      };
    }),
    true,
  );
}
