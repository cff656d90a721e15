/**
 * The server's areas (server/modules/<area>) have one shape: each has its public file, index.ts, through
 * which other areas use it (the lint rule holds that), and the areas' imports form no loop, so each area
 * can be read knowing only the areas below it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/modules');
const areas = readdirSync(modules, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The other areas an area's files import (`'../stock'`, `'../deliveries/tables'`). */
function usedAreas(area: string): string[] {
  const files = readdirSync(path.join(modules, area)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const used = files.flatMap((file) =>
    [
      ...readFileSync(path.join(modules, area, file), 'utf8').matchAll(
        /from '\.\.\/([\w-]+)[/']|import '\.\.\/([\w-]+)\//g,
      ),
    ]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((name) => areas.includes(name) && name !== area),
  );
  return [...new Set(used)].sort();
}

/** Every loop in the graph, as the path that closes it. */
function loops(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === trail[0]) found.push([...trail, next].join(' -> '));
      else if (!trail.includes(next) && next > trail[0]!) walk(next, [...trail, next]);
    }
  };
  for (const area of graph.keys()) walk(area, [area]);
  return found;
}

describe('server modules', () => {
  it('each area has its public file and its routes', () => {
    expect(areas.length).toBeGreaterThan(10);
    const files = (area: string) => readdirSync(path.join(modules, area));
    expect(areas.filter((area) => !files(area).includes('index.ts'))).toEqual([]);
    expect(areas.filter((area) => !files(area).includes('routes.ts'))).toEqual([]);
  });

  it('import no area in a loop', () => {
    const graph = new Map(areas.map((area) => [area, usedAreas(area)]));
    expect(graph.get('repairs')).toContain('deliveries');
    expect(loops(graph)).toEqual([]);
  });
});
