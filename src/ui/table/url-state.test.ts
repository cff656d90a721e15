import { describe, expect, it } from 'vitest';
import { initialParams } from './state';
import { applyPatch, readUrlState, urlPatch } from './url-state';

describe('table state in the URL', () => {
  const defaults = initialParams({ filters: { client: null, status: 3 } });

  it('round-trips through the search params', () => {
    const params = {
      search: 'dell',
      filters: { client: 12, status: 3 },
      sort: 'name',
      order: 'desc' as const,
      page: 4,
    };
    const search = applyPatch({ other: 'x' }, urlPatch(params, defaults));
    expect(search).toEqual({ other: 'x', q: 'dell', sort: 'name', order: 'desc', page: 4, f_client: 12 });
    expect(readUrlState(search, defaults)).toEqual(params);
  });

  it('leaves defaults out and removes keys that went back to the default', () => {
    const search = { q: 'old', page: 3, f_client: 5, keep: 1 };
    expect(applyPatch(search, urlPatch(defaults, defaults))).toEqual({ keep: 1 });
  });

  it("stores an explicit 'all' choice over a non-null default filter", () => {
    const params = { ...defaults, filters: { client: null, status: null } };
    const search = applyPatch({}, urlPatch(params, defaults));
    expect(search).toEqual({ f_status: null });
    expect(readUrlState(search, defaults).filters.status).toBeNull();
    expect(readUrlState({ f_status: 'null' }, defaults).filters.status).toBeNull();
  });

  it('reads values the router parsed as numbers or strings, and ignores nonsense', () => {
    expect(readUrlState({ q: 123, page: '2', f_client: '7' }, defaults)).toMatchObject({
      search: '123',
      page: 2,
      filters: { client: 7 },
    });
    expect(readUrlState({ page: 'x', order: 'sideways' }, defaults)).toMatchObject({ page: 1, order: 'asc' });
    expect(readUrlState({ page: -2 }, defaults).page).toBe(1);
  });

  it('keeps two tables apart with a prefix', () => {
    const a = applyPatch({}, urlPatch({ ...defaults, search: 'a', page: 2 }, defaults, 'items'));
    expect(a).toEqual({ items_q: 'a', items_page: 2 });
    expect(readUrlState(a, defaults)).toEqual(defaults);
    expect(readUrlState(a, defaults, 'items')).toMatchObject({ search: 'a', page: 2 });
  });
});
