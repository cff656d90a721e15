/** The figures of `npm run bench:web` from a Lighthouse result, against the goals of issue 24. */
import type { Result } from 'lighthouse';

export const GOALS = { performance: 0.9, lcpMs: 2500, tbtMs: 200, accessibility: 0.95 };

export interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The audits that cost the most: performance opportunities and diagnostics, failed accessibility checks. */
  findings: string[];
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
    const phases = [...text.matchAll(/"phase":"([^"]+)"[^}]*?"timing":([\d.]+)/g)].map((m) => `${m[1]} ${Math.round(Number(m[2]))} ms`);
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
    findings: findings(lhr),
  };
}

const mark = (met: boolean) => (met ? 'met' : 'MISSED');

export function printFigures(figures: PageFigures[], details: boolean): void {
  console.log('\n| page | performance (≥ 0.9) | LCP (≤ 2.5 s) | TBT (≤ 200 ms) | accessibility (≥ 0.95) | FCP | CLS |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(`| ${f.page} | ${f.performance} ${mark(f.performance >= GOALS.performance)} | ${(f.lcpMs / 1000).toFixed(1)} s ${mark(f.lcpMs <= GOALS.lcpMs)} `
      + `| ${f.tbtMs} ms ${mark(f.tbtMs <= GOALS.tbtMs)} | ${f.accessibility} ${mark(f.accessibility >= GOALS.accessibility)} | ${(f.fcpMs / 1000).toFixed(1)} s | ${f.cls} |`);
  }
  if (!details) return;
  for (const f of figures) {
    if (!f.findings.length) continue;
    console.log(`\n${f.page}:`);
    for (const line of f.findings) console.log(`  - ${line}`);
  }
}
