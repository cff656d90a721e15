import { describe, expect, it } from 'vitest';
import {
  allState,
  ariaSort,
  initialParams,
  isFilterShown,
  nextSort,
  pageItems,
  rangeOf,
  toggleAll,
  toggleId,
  toSearchParams,
  withAllEntry,
  withFilter,
  withPage,
  withSearch,
} from './state';

describe('table sorting', () => {
  it('sorts a new column ascending, flips the same column, and goes back to page 1', () => {
    const p = { ...initialParams(), page: 4 };
    const a = nextSort(p, 'name');
    expect(a).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(nextSort(a, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(nextSort(nextSort(a, 'name'), 'name')).toMatchObject({ order: 'asc' });
    expect(nextSort({ ...a, order: 'desc' }, 'city')).toMatchObject({ sort: 'city', order: 'asc' });
  });
  it('reports aria-sort per column', () => {
    const p = nextSort(initialParams(), 'name');
    expect(ariaSort(p, 'name')).toBe('ascending');
    expect(ariaSort(nextSort(p, 'name'), 'name')).toBe('descending');
    expect(ariaSort(p, 'city')).toBe('none');
  });
});

describe('search, filters and page', () => {
  it('a new search or filter starts at page 1; the same search keeps the page', () => {
    const p = withPage(initialParams(), 3);
    expect(withSearch(p, 'dell').page).toBe(1);
    expect(withSearch(p, '')).toBe(p);
    expect(withFilter(p, 'client', 7)).toMatchObject({ page: 1, filters: { client: 7 } });
  });
  it('never goes below page 1', () => {
    expect(withPage(initialParams(), 0).page).toBe(1);
    expect(withPage(initialParams(), -3).page).toBe(1);
  });
  it('keeps defaults apart between tables', () => {
    const a = initialParams({ filters: { client: 1 } });
    const b = initialParams({ filters: { client: 1 } });
    a.filters.client = 2;
    expect(b.filters.client).toBe(1);
  });
});

describe('query string for the paged endpoints', () => {
  it('puts the search under filters[all], drops the all (null) filters, and sends sort/order/page', () => {
    const p = {
      search: '  laptop ',
      filters: { client: 4, reseller: null, group: '' },
      sort: 'name',
      order: 'desc' as const,
      page: 2,
    };
    expect(toSearchParams(p, 50)).toEqual({
      'filters[all]': 'laptop',
      'filters[client]': '4',
      sort: 'name',
      order: 'desc',
      page: '2',
      per_page: '50',
    });
  });
  it('sends no sort or order when none is chosen', () => {
    expect(toSearchParams(initialParams())).toEqual({ page: '1' });
  });
});

describe('filter dropdowns', () => {
  it("start with the 'all' entry whose id is null", () => {
    expect(withAllEntry('Alle eindklanten', [{ id: 3, name: 'Acme' }])).toEqual([
      { id: null, name: 'Alle eindklanten' },
      { id: 3, name: 'Acme' },
    ]);
  });
  it('are shown only with more than 2 options', () => {
    expect(isFilterShown(withAllEntry('Alle', []))).toBe(false);
    expect(isFilterShown(withAllEntry('Alle', [{ id: 1, name: 'a' }]))).toBe(false);
    expect(
      isFilterShown(
        withAllEntry('Alle', [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ]),
      ),
    ).toBe(true);
  });
});

describe('pagination', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows first, last and the neighbours of the current page with gaps', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, '…', 20]);
    expect(pageItems(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(pageItems(20, 20)).toEqual([1, '…', 17, 18, 19, 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });
  it('counts the rows shown', () => {
    expect(rangeOf(2, 25, 60, 25)).toEqual({ from: 26, to: 50 });
    expect(rangeOf(3, 25, 60, 10)).toEqual({ from: 51, to: 60 });
    expect(rangeOf(1, 25, 0, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('selection', () => {
  it('toggles one id', () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 3)).toEqual([1, 3]);
  });
  it('select-all selects the visible rows, keeps others, and clears them when all were selected', () => {
    expect(allState([], [1, 2])).toBe('none');
    expect(allState([1], [1, 2])).toBe('some');
    expect(allState([1, 2, 9], [1, 2])).toBe('all');
    expect(allState([], [])).toBe('none');
    expect(toggleAll([9, 1], [1, 2])).toEqual([9, 1, 2]);
    expect(toggleAll([9, 1, 2], [1, 2])).toEqual([9]);
  });
});
