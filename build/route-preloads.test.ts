import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagesOfRouter } from './route-preloads';

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
