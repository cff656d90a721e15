import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Paged } from '../../src/domain/paged';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 200;

/** What every table sends (spec 1 §7): search (also as filters[all]), filters[name], sort, order, page. */
export interface ListParams {
  search: string;
  filters: Record<string, string>;
  sort: string | null;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
  showAll: boolean;
}

export function listParams(query: unknown): ListParams {
  const q = (query ?? {}) as Record<string, string | string[] | undefined>;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(q)) {
    const m = /^filters?\[(\w+)\]$/.exec(key);
    if (m && one(value) !== '' && one(value) !== 'null') filters[m[1]!] = one(value);
  }
  const page = Math.max(1, Number.parseInt(one(q.page), 10) || 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(one(q.per_page), 10) || DEFAULT_PER_PAGE));
  return {
    search: (one(q.search) || filters.all || '').trim(),
    filters,
    sort: one(q.sort) || null,
    order: one(q.order).toLowerCase() === 'desc' ? 'desc' : 'asc',
    page,
    perPage,
    showAll: one(q.showAll) === 'true' || one(q.showAll) === '1',
  };
}

/** A numeric filter value, or null when absent or not a number. */
export function numericFilter(params: ListParams, name: string): number | null {
  const v = params.filters[name];
  return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
}

/** Picks the ORDER BY column from an allow-list; unknown sort keys fall back to the default. */
export function sortColumn(params: ListParams, allowed: Record<string, string>, fallback: string): string {
  return (params.sort && allowed[params.sort]) || fallback;
}

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type { Paged } from '../../src/domain/paged';

/** Runs the page query and the count (same filters, no order) and builds the spec's paged answer. */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>, params: ListParams, basePath = '',
): Promise<Paged<O>> {
  const countRow = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst() as { total: number | string } | undefined;
  const total = Number(countRow?.total ?? 0);
  const data = await query.limit(params.perPage).offset((params.page - 1) * params.perPage).execute();
  return pagedAnswer(data, total, params, basePath);
}

export function pagedAnswer<T>(data: T[], total: number, params: ListParams, basePath = ''): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / params.perPage));
  const url = (p: number) => (p >= 1 && p <= lastPage ? `${basePath}?page=${p}` : null);
  return {
    data,
    current_page: params.page,
    last_page: lastPage,
    per_page: params.perPage,
    total,
    links: [
      { url: url(params.page - 1), label: '&laquo; Vorige', active: false },
      ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === params.page })).slice(
        Math.max(0, params.page - 6), params.page + 5,
      ),
      { url: url(params.page + 1), label: 'Volgende &raquo;', active: false },
    ],
  };
}
