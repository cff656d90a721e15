import type { FilterValue, TableParams } from './state';

/**
 * Table state in the URL's search params, so back/forward and shared links restore a list.
 * Keys: q, sort, order, page and f_<filter>; with a prefix ('items') they become items_q, … so two
 * tables on one page keep apart. Values equal to the defaults are left out of the URL.
 */
export function urlKeys(prefix = '') {
  const p = prefix ? `${prefix}_` : '';
  return {
    search: `${p}q`,
    sort: `${p}sort`,
    order: `${p}order`,
    page: `${p}page`,
    filter: (name: string) => `${p}f_${name}`,
  };
}

const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

function filterValue(v: unknown): FilterValue {
  if (v === null || v === 'null') return null;
  if (typeof v === 'number') return v;
  const s = String(v);
  return /^\d{1,15}$/.test(s) ? Number(s) : s;
}

/** Reads the table state back from the URL (the router may hand numbers for numeric values). */
export function readUrlState(search: Record<string, unknown>, defaults: TableParams, prefix = ''): TableParams {
  const k = urlKeys(prefix);
  const filters: Record<string, FilterValue> = { ...defaults.filters };
  const filterPrefix = k.filter('');
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    if (key.startsWith(filterPrefix) && key.length > filterPrefix.length)
      filters[key.slice(filterPrefix.length)] = filterValue(value);
  }
  const page = Number.parseInt(text(search[k.page]) ?? '', 10);
  const order = text(search[k.order]);
  return {
    search: text(search[k.search]) ?? defaults.search,
    filters,
    sort: text(search[k.sort]) ?? defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    page: Number.isFinite(page) && page >= 1 ? page : defaults.page,
  };
}

/**
 * The search-param changes that store `params`; undefined removes a key (it equals the default),
 * null stores an explicit 'all' choice over a non-null default filter.
 */
export function urlPatch(params: TableParams, defaults: TableParams, prefix = ''): Record<string, unknown> {
  const k = urlKeys(prefix);
  const patch: Record<string, unknown> = {
    [k.search]: params.search && params.search !== defaults.search ? params.search : undefined,
    [k.sort]: params.sort && params.sort !== defaults.sort ? params.sort : undefined,
    [k.order]: params.sort && params.order !== defaults.order ? params.order : undefined,
    [k.page]: params.page > 1 && params.page !== defaults.page ? params.page : undefined,
  };
  const names = new Set([...Object.keys(defaults.filters), ...Object.keys(params.filters)]);
  for (const name of names) {
    const value = params.filters[name] ?? null;
    const fallback = defaults.filters[name] ?? null;
    patch[k.filter(name)] = value === fallback ? undefined : value;
  }
  return patch;
}

/** Applies a patch to the current search object (undefined deletes). */
export function applyPatch(search: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const next = { ...search };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}
