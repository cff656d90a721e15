import { describe, expect, it, vi } from 'vitest';
import { fasterThanBare, printMedian } from './report';
import { BARE, BARE_FLOOR, type Route } from './routes';
import type { LoadResult } from './load';

const path = () => '/';
const table: Route[] = [
  { name: BARE, who: 'bare', path },
  { name: BARE_FLOOR, who: 'bare', path },
  { name: 'floor', who: 'admin', path, goal: 0.8, baseline: BARE_FLOOR },
  { name: 'list', who: 'admin', path, goal: 0.5 },
];
const row = (name: string, perSecond: number, bare?: number): LoadResult => ({
  name,
  requests: perSecond * 8,
  perSecond,
  p50: 1,
  p975: 2,
  ...(bare === undefined ? {} : { bare: { requests: bare * 8, perSecond: bare, p50: 1, p975: 2 } }),
});

describe('fasterThanBare', () => {
  it('compares each portal route with its own bare route, not the bare rows with anything', () => {
    // The bare product groups outrun the baseline: bare rows are never a reason to withhold.
    const run = [row(BARE, 3000), row(BARE_FLOOR, 7000), row('floor', 2500, 7200), row('list', 900, 3100)];
    expect(fasterThanBare(run, table)).toEqual([]);
  });

  it('withholds a run where a route outruns its bare turns', () => {
    const run = [row(BARE, 3000), row(BARE_FLOOR, 7000), row('floor', 2500, 7200), row('list', 3200, 3100)];
    expect(fasterThanBare(run, table).map((r) => r.name)).toEqual(['list']);
  });

  it("without turns (--unpaired), compares with the run's row of the route's bare route", () => {
    // The floor beats the items baseline (it reads less) but not the bare product groups: the run stands.
    expect(
      fasterThanBare([row(BARE, 3000), row(BARE_FLOOR, 7000), row('floor', 3500), row('list', 900)], table),
    ).toEqual([]);
    expect(
      fasterThanBare([row(BARE, 3000), row(BARE_FLOOR, 3400), row('floor', 3500), row('list', 900)], table).map(
        (r) => r.name,
      ),
    ).toEqual(['floor']);
  });
});

describe('printMedian', () => {
  it('prints a median latency to the hundredth of a millisecond, as autocannon measures it', () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line);
    });
    const run = (p50: number) => ({
      uptime: '',
      results: [
        { ...row(BARE, 3000), p50 },
        { ...row('list', 1500, 3000), p50 },
      ],
    });
    printMedian([run(5.3), run(5.6)], table);
    log.mockRestore();
    expect(lines.find((line) => line.startsWith('| list'))).toMatch(/\| +5\.45 ms \|/);
  });
});
