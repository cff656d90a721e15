/** The figures of `npm run bench:web` from a Lighthouse result, against the goals of issue 24. */
import type { Result } from 'lighthouse';
import { median } from './stats';

export const GOALS = { performance: 0.9, lcpMs: 2500, tbtMs: 200, accessibility: 0.95 };

export interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /**
   * Lighthouse's benchmark index of the machine during the run (its CPU speed: higher is faster). The
   * simulated phone slows the measured main-thread work by 4x, so TBT moves with it.
   */
  benchmarkIndex: number;
  /** The audits that cost the most: performance opportunities and diagnostics, failed accessibility checks. */
  findings: string[];
  /** With several runs: each run's performance score, LCP and TBT, for the spread. */
  runs?: { performance: number; lcpMs: number; tbtMs: number; benchmarkIndex: number }[];
}

/**
 * A page's figures over several runs: the median of each (one run's TBT on this machine ranged from
 * 361 to 819 ms for the same build), the findings of the run whose performance score is the median.
 */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const first = runs[0];
  if (!first) throw new Error('medianFigures: no runs');
  const m = (pick: (f: PageFigures) => number, digits = 0) => Number(median(runs.map(pick)).toFixed(digits));
  const performance = m((f) => f.performance, 2);
  const typical =
    [...runs].sort((a, b) => Math.abs(a.performance - performance) - Math.abs(b.performance - performance))[0] ?? first;
  return {
    page: first.page,
    performance,
    accessibility: m((f) => f.accessibility, 2),
    lcpMs: m((f) => f.lcpMs),
    tbtMs: m((f) => f.tbtMs),
    cls: m((f) => f.cls, 3),
    fcpMs: m((f) => f.fcpMs),
    benchmarkIndex: m((f) => f.benchmarkIndex),
    findings: typical.findings,
    runs: runs.map((f) => ({
      performance: f.performance,
      lcpMs: f.lcpMs,
      tbtMs: f.tbtMs,
      benchmarkIndex: f.benchmarkIndex,
    })),
  };
}

/**
 * A page's worst run on each figure: the lowest scores, the highest times (issue 49 judges a page by its worst of
 * three).
 */
export function worstFigures(runs: PageFigures[]): PageFigures {
  const first = runs[0];
  if (!first) throw new Error('worstFigures: no runs');
  const low = (pick: (f: PageFigures) => number) => Math.min(...runs.map(pick));
  const high = (pick: (f: PageFigures) => number) => Math.max(...runs.map(pick));
  const worst = [...runs].sort((a, b) => a.performance - b.performance)[0] ?? first;
  return {
    page: first.page,
    performance: low((f) => f.performance),
    accessibility: low((f) => f.accessibility),
    lcpMs: high((f) => f.lcpMs),
    tbtMs: high((f) => f.tbtMs),
    cls: high((f) => f.cls),
    fcpMs: high((f) => f.fcpMs),
    benchmarkIndex: low((f) => f.benchmarkIndex),
    findings: worst.findings,
  };
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100) / 100;
const value = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function findings(lhr: Result): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9 || ref.weight > 0) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    out.push(`performance: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  // The LCP element and its phases: a long render delay is a page that waits for its JavaScript.
  const lcp = lhr.audits['largest-contentful-paint-element']?.details;
  if (lcp && 'items' in lcp) {
    const text = JSON.stringify(lcp.items);
    const selector = /"selector":"([^"]*)"/.exec(text)?.[1];
    const label = /"nodeLabel":"([^"]{0,80})/.exec(text)?.[1];
    const phases = [...text.matchAll(/"phase":"([^"]+)"[^}]*?"timing":([\d.]+)/g)].map(
      (m) => `${m[1]} ${Math.round(Number(m[2]))} ms`,
    );
    out.push(`LCP element: ${selector ?? '?'} "${label ?? ''}"${phases.length ? ` (${phases.join(', ')})` : ''}`);
  }
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit?.score === 0) out.push(`accessibility: ${audit.title} [${ref.id}]`);
  }
  return out;
}

export function lighthouseFigures(page: string, lhr: Result): PageFigures {
  return {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: Math.round(value(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(value(lhr, 'total-blocking-time')),
    cls: Math.round(value(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(value(lhr, 'first-contentful-paint')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    findings: findings(lhr),
  };
}

const mark = (met: boolean) => (met ? 'met' : 'MISSED');

function printTable(title: string, figures: PageFigures[]): void {
  console.log(`\n${title}`);
  console.log('\n| page | performance (≥ 0.9) | LCP (≤ 2.5 s) | TBT (≤ 200 ms) | accessibility (≥ 0.95) | FCP | CLS |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.page} | ${f.performance} ${mark(f.performance >= GOALS.performance)} | ${(f.lcpMs / 1000).toFixed(1)} s ${mark(f.lcpMs <= GOALS.lcpMs)} ` +
        `| ${f.tbtMs} ms ${mark(f.tbtMs <= GOALS.tbtMs)} | ${f.accessibility} ${mark(f.accessibility >= GOALS.accessibility)} | ${(f.fcpMs / 1000).toFixed(1)} s | ${f.cls} |`,
    );
  }
}

/** The median table and, with several runs, the worst run's table beside it; then the spread and the machine. */
export function printFigures(perPage: PageFigures[][], details: boolean): void {
  const figures = perPage.map(medianFigures);
  printTable('Median of the runs:', figures);
  if (perPage.some((runs) => runs.length > 1))
    printTable('Worst run of each page (each figure on its own):', perPage.map(worstFigures));
  const spread = figures.filter((f) => (f.runs?.length ?? 0) > 1);
  if (spread.length) {
    console.log(
      `\nMedians of ${spread[0]?.runs?.length} runs per page, the pages in turns; each run (performance, LCP, TBT):`,
    );
    for (const f of spread)
      console.log(
        `  ${f.page}: ${f.runs?.map((r) => `${r.performance} / ${(r.lcpMs / 1000).toFixed(1)} s / ${r.tbtMs} ms`).join('; ')}`,
      );
  }
  const indexes = figures.flatMap((f) => f.runs?.map((r) => r.benchmarkIndex) ?? [f.benchmarkIndex]);
  console.log(
    `\nLighthouse's benchmark index of the machine over the runs: median ${Math.round(median(indexes))}, ` +
      `${Math.min(...indexes)}–${Math.max(...indexes)} (the CPU speed the 4x slowdown is applied to: TBT moves with it).`,
  );
  if (!details) return;
  for (const f of figures) {
    if (!f.findings.length) continue;
    console.log(`\n${f.page}:`);
    for (const line of f.findings) console.log(`  - ${line}`);
  }
}
