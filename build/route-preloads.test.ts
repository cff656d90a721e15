import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagesOfRouter, panelsOfSlots, slotsRenderedBy } from './route-preloads';

describe('pagesOfRouter', () => {
  const source = fs.readFileSync(new URL('../src/router.tsx', import.meta.url), 'utf8');
  const pages = pagesOfRouter(source);

  it('finds every page the router declares, with its lazy module', () => {
    // A page declared in another shape would silently lose its preloads: this count catches it.
    expect(pages).toHaveLength(source.split('\n').filter((line) => /^\s*(page|authPage)\(/.test(line)).length);
    expect(pages).toContainEqual({ path: '/crm', module: './features/crm/pages/CustomerListPage', inApp: true });
    expect(pages).toContainEqual({ path: '/inloggen', module: './features/auth/pages/LoginPage', inApp: false });
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
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
