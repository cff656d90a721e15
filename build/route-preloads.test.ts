import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { pagesOfRouteTable, panelsOfSlots, routeTableFiles, slotsRenderedBy } from './route-preloads';

describe('pagesOfRouteTable', () => {
  const routesDir = fileURLToPath(new URL('../src/routes', import.meta.url));
  const srcDir = fileURLToPath(new URL('../src', import.meta.url));
  const pages = pagesOfRouteTable(routesDir);
  const declarations = routeTableFiles(routesDir)
    .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
    .filter((line) => /^\s*(page|authPage)\(/.test(line));

  it('finds every page the route table declares, with its lazy module', () => {
    // A page declared in another shape would silently lose its preloads: this count catches it.
    expect(pages).toHaveLength(declarations.length);
    expect(pages.length).toBeGreaterThan(30);
    expect(pages).toContainEqual({
      path: '/crm',
      module: `${srcDir}/features/crm/pages/CustomerListPage`,
      inApp: true,
    });
    expect(pages).toContainEqual({
      path: '/inloggen',
      module: `${srcDir}/features/auth/pages/LoginPage`,
      inApp: false,
    });
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
  });

  it("gives the pages in the router's order: the walks open the dashboard first, where a role without it is sent on", () => {
    expect(pages.filter((p) => p.inApp)[0]?.path).toBe('/');
  });
});

describe('the panels a page renders as it first renders', () => {
  const read = (file: string) => fs.readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');

  it("reads each slot's lazy panel modules from src/panels.ts", () => {
    const panels = panelsOfSlots(read('panels.ts'));
    expect(panels.get('delivery')).toEqual(['./features/deliveries/components/FieldworkPanel']);
    expect(panels.get('customer')).toHaveLength(2);
  });

  it('takes a slot rendered as a child of the page, not one behind a condition', () => {
    expect(slotsRenderedBy(read('features/deliveries/pages/DeliveryDetailPage.tsx'))).toEqual(['delivery']);
    for (const page of [
      'features/stock/pages/StockPage.tsx',
      'features/crm/pages/CustomerDetailPage.tsx',
      'features/repairs/pages/RepairDetailPage.tsx',
    ]) {
      expect(slotsRenderedBy(read(page)), page).toEqual([]);
    }
    expect(
      slotsRenderedBy('<div>\n  <Slot name="a" props={{}} />\n  {open && <Slot name="b" props={{}} />}\n</div>'),
    ).toEqual(['a']);
  });
});
