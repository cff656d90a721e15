/**
 * Pure state of a server-driven table (spec 1 §2.4): search, filters, sort, page. Kept free of
 * React so it can be unit-tested and shared by the URL binding and the request builder.
 */

export type SortOrder = 'asc' | 'desc';
export type FilterValue = string | number | null;

/** What the table asks the server for; a feature's fetcher receives this. */
export interface TableParams {
  search: string;
  /** Filter name to the chosen option id; null means the 'all' entry. */
  filters: Record<string, FilterValue>;
  sort: string | null;
  order: SortOrder;
  page: number;
}

export const emptyParams: TableParams = { search: '', filters: {}, sort: null, order: 'asc', page: 1 };

export function initialParams(defaults: Partial<TableParams> = {}): TableParams {
  return { ...emptyParams, ...defaults, filters: { ...(defaults.filters ?? {}) } };
}

/** Clicking a header: a new column sorts ascending, the same column flips; back to page 1. */
export function nextSort(params: TableParams, key: string): TableParams {
  const order: SortOrder = params.sort === key && params.order === 'asc' ? 'desc' : 'asc';
  return { ...params, sort: key, order, page: 1 };
}

export function ariaSort(params: TableParams, key: string): 'ascending' | 'descending' | 'none' {
  if (params.sort !== key) return 'none';
  return params.order === 'asc' ? 'ascending' : 'descending';
}

export function withSearch(params: TableParams, search: string): TableParams {
  return params.search === search ? params : { ...params, search, page: 1 };
}

export function withFilter(params: TableParams, name: string, value: FilterValue): TableParams {
  return { ...params, filters: { ...params.filters, [name]: value }, page: 1 };
}

export function withPage(params: TableParams, page: number): TableParams {
  return { ...params, page: Math.max(1, Math.floor(page)) };
}

/**
 * The query string every list endpoint understands (server/http/paging.ts): the search goes under
 * filters[all] together with the named filters; null filters (the 'all' entry) are left out.
 */
export function toSearchParams(params: TableParams, perPage?: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.search.trim()) out['filters[all]'] = params.search.trim();
  for (const [name, value] of Object.entries(params.filters)) {
    if (value !== null && value !== undefined && value !== '') out[`filters[${name}]`] = String(value);
  }
  if (params.sort) {
    out.sort = params.sort;
    out.order = params.order;
  }
  out.page = String(params.page);
  if (perPage) out.per_page = String(perPage);
  return out;
}

/** Page buttons: first, last and the neighbours of the current page, with '…' for the gaps. */
export function pageItems(current: number, last: number): (number | '…')[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const wanted = new Set([1, last, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => wanted.add(p));
  if (current >= last - 2) [last - 3, last - 2, last - 1].forEach((p) => wanted.add(p));
  const pages = [...wanted].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const items: (number | '…')[] = [];
  pages.forEach((p, i) => {
    const before = pages[i - 1];
    const gap = before === undefined ? 1 : p - before;
    if (gap === 2)
      items.push(p - 1); // a gap of one page shows that page instead of '…'
    else if (gap > 2) items.push('…');
    items.push(p);
  });
  return items;
}

/** 'Resultaat 26–50 van 120' figures; zero rows gives 0–0. */
export function rangeOf(
  page: number,
  perPage: number,
  total: number,
  rowsOnPage: number,
): { from: number; to: number } {
  if (total === 0 || rowsOnPage === 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from, to: from + rowsOnPage - 1 };
}

export interface FilterOption {
  id: string | number;
  name: string;
}

/** A filter's list starts with the 'all' entry whose id is null (spec 1 §2.4). */
export function withAllEntry(allLabel: string, options: FilterOption[]): { id: FilterValue; name: string }[] {
  return [{ id: null, name: allLabel }, ...options];
}

/** A dropdown is shown only when it has more than 2 options, the 'all' entry included. */
export function isFilterShown(list: readonly unknown[]): boolean {
  return list.length > 2;
}

/** Checkbox column: toggling one id, and select-all over the rows on screen. */
export function toggleId<T extends string | number>(selected: readonly T[], id: T): T[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}
export function allState<T extends string | number>(
  selected: readonly T[],
  visible: readonly T[],
): 'all' | 'some' | 'none' {
  const n = visible.filter((id) => selected.includes(id)).length;
  if (visible.length > 0 && n === visible.length) return 'all';
  return n > 0 ? 'some' : 'none';
}
export function toggleAll<T extends string | number>(selected: readonly T[], visible: readonly T[]): T[] {
  if (allState(selected, visible) === 'all') return selected.filter((id) => !visible.includes(id));
  return [...selected, ...visible.filter((id) => !selected.includes(id))];
}
