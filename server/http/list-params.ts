import * as v from 'valibot';
import { id, msg } from '@domain/schemas/common';
import { filterValueSchema, listQuerySchema, pagingMsg } from '@domain/schemas/paging';
import { parse, ValidationError } from './errors';

// A list's query parameters as every table sends them (spec 1 §7), read and checked once per request.

const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 200;

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

/** The first value of a query parameter sent once or repeated. */
export function queryValue(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** Reads the list parameters; a NUL byte, an endless text or an impossible page is a 422. */
export function listParams(query: unknown): ListParams {
  const q = (query ?? {}) as Record<string, unknown>;
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(q)) {
    const m = /^filters?\[(\w+)\]$/.exec(key);
    const text = queryValue(value);
    const name = m?.[1];
    if (name && text !== '' && text !== 'null') filters[name] = parse(filterValueSchema, text, key);
  }
  const {
    search,
    sort,
    order,
    page,
    per_page: perPage,
    showAll,
  } = parse(listQuerySchema, {
    search: queryValue(q.search),
    sort: queryValue(q.sort),
    order: queryValue(q.order),
    page: queryValue(q.page),
    per_page: queryValue(q.per_page),
    showAll: queryValue(q.showAll),
  });
  return {
    search: (search || filters.all || '').trim(),
    filters,
    sort: sort || null,
    order: order?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    page: page || 1,
    perPage: Math.min(MAX_PER_PAGE, Math.max(1, perPage || DEFAULT_PER_PAGE)),
    showAll: showAll === 'true' || showAll === '1',
  };
}

/** An id filter value, or null when absent; anything but an id that can exist is a 422. */
export function numericFilter(params: ListParams, name: string): number | null {
  const value = params.filters[name];
  if (!value) return null;
  const parsed = v.safeParse(id, value);
  if (!parsed.success) throw ValidationError.field(`filters[${name}]`, msg.invalidId);
  return parsed.output;
}

/**
 * Picks the ORDER BY column from the list's allow-list, or the default without a sort. A key not on
 * the list (also `constructor` or `__proto__`, which every object inherits) is a 422.
 */
export function sortColumn(params: ListParams, allowed: Record<string, string>, fallback: string): string {
  if (!params.sort) return fallback;
  const column = Object.hasOwn(allowed, params.sort) ? allowed[params.sort] : undefined;
  if (column === undefined) throw ValidationError.field('sort', pagingMsg.sort);
  return column;
}

/**
 * A step of a query that applies only when a filter has a value, with the value's type narrowed:
 * `query.$call(whenSet(clientId, (q, id) => q.where('client_id', '=', id)))`.
 */
export const whenSet =
  <T, Q>(value: T | null | undefined, apply: (query: Q, value: T) => Q) =>
  (query: Q): Q =>
    value == null ? query : apply(query, value);
