import type { Compilable, Expression, QueryCreator, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Paged } from '@domain/paged';
import type { Database, Executor } from '../db/database';
import { executeWithValues } from '../db/statement-cache';
import * as v from 'valibot';
import { id, msg } from '@domain/schemas/common';
import { filterValueSchema, listQuerySchema, pagingMsg } from '@domain/schemas/paging';
import type { AuthUser } from './access';
import { parse, ValidationError } from './errors';
import { scopeKey } from './scope';

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
  const { search, sort, order, page, per_page: perPage, showAll } = parse(listQuerySchema, {
    search: queryValue(q.search), sort: queryValue(q.sort), order: queryValue(q.order),
    page: queryValue(q.page), per_page: queryValue(q.per_page), showAll: queryValue(q.showAll),
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
export const whenSet = <T, Q>(value: T | null | undefined, apply: (query: Q, value: T) => Q) =>
  (query: Q): Q => (value == null ? query : apply(query, value));

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text parameter behind a scalar subquery: no plan can read its value ahead of execution, so custom
 * and generic plans of the statement cost the same and PostgreSQL keeps the generic one (as `pageBounds`
 * does for an offset). For a statement whose custom plans cost more to make than they save.
 */
export const opaqueText = (text: string): RawBuilder<string> => sql<string>`(select ${text}::text)`;

/** A search's text as a parameter, or with `opaque` behind a scalar subquery. */
const textValue = (opaque: boolean) => (opaque ? opaqueText : (text: string) => sql<string>`${text}`);

/** The same, lowercased: with `opaque` inside the subquery, so it is lowercased once and not again for every row it is compared with. */
const loweredValue = (opaque: boolean) => (opaque ? (text: string) => sql<string>`(select lower(${text}::text))` : (text: string) => sql<string>`lower(${text})`);

/**
 * The longest word of a term that narrows a trigram lookup: five or more letters and digits, at least
 * one a digit (the number part of an order number, a serial, a reference), in a term of more words.
 * Null when there is none.
 */
export function identifyingWord(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 2) return null;
  const candidates = words.filter((w) => w.length >= 5 && /\p{N}/u.test(w));
  return candidates.reduce<string | null>((longest, w) => (!longest || w.length > longest.length ? w : longest), null);
}

/**
 * What a search term puts into a statement, computed before the statement is built: the pattern the
 * trigram index is asked for (the term's, or its identifying word's), the whole term where a word
 * narrowed it, and the prefix range of the upper() indexes. A statement can then be built once per
 * shape with markers in their place (statement-cache.ts `withValues`): `termShape` says which values
 * a term has, `termParameters` lists them, `termOf` puts them back.
 */
export interface TermValues {
  pattern: string;
  whole: string | null;
  from: string;
  to: string | null;
}

export function termValues(search: string): TermValues {
  const word = identifyingWord(search);
  const { from, to } = prefixRange(search);
  return { pattern: likePattern(word ?? search), whole: word === null ? null : search, from, to };
}

/** The search of a list's parameters as a statement's values; null without one. */
export const searchTerm = (params: ListParams): TermValues | null => (params.search === '' ? null : termValues(params.search));

/** Which values a term has: the text of a statement built with it differs by them alone. */
export const termShape = (t: TermValues): string => `${t.whole === null ? 'term' : 'word'}:${t.to === null ? 'open' : 'range'}`;

/** The term's values in a fixed order, the absent ones left out (its shape says which). */
export const termParameters = (t: TermValues): string[] => [t.pattern, t.whole, t.from, t.to].filter((v): v is string => v !== null);

/** The term of `t`'s shape whose values are `values`, in termParameters' order. */
export function termOf(t: TermValues, values: readonly string[]): TermValues {
  let i = 0;
  const next = () => values[i++] as string;
  return { pattern: next(), whole: t.whole === null ? null : next(), from: next(), to: t.to === null ? null : next() };
}

/**
 * `column ILIKE %term%` on a column with a trigram index. A code's common parts make the index lookup
 * slow: in `BLEV-0012345` the trigrams of `BLEV` and of a word that starts with `00` are in every
 * order number, and PostgreSQL reads all their entries (3.3 ms at 200,000 deliveries). The index is
 * then asked for the identifying word only (`%0012345%`: 0.14 ms) and the whole term is checked on
 * the rows it finds, in a form the index does not take (`strpos(lower(…))`, what ILIKE does in UTF-8).
 * The rows are the same: every row that contains the term contains the word. `lowered`: the column
 * holds its text lowercased already (products.name_search), so no row is lowercased while it is read.
 * `opaque`: the term's values behind scalar subqueries (`opaqueText`).
 */
export function containsTerm(column: Expression<string | null>, search: string | TermValues, { lowered = false, opaque = false } = {}): RawBuilder<SqlBool> {
  const t = typeof search === 'string' ? termValues(search) : search;
  const value = textValue(opaque);
  const lowerValue = loweredValue(opaque);
  const contains = lowered ? sql`${column} like ${lowerValue(t.pattern)}` : sql`${column} ilike ${value(t.pattern)}`;
  if (t.whole === null) return sql<SqlBool>`${contains}`;
  const whole = lowered ? sql`strpos(${column}, ${lowerValue(t.whole)})` : sql`strpos(lower(${column}), ${lowerValue(t.whole)})`;
  return sql<SqlBool>`(${contains} and ${whole} > 0)`;
}

/**
 * The values of `upper(column)` that start with the term, as a range for the upper() text_pattern_ops
 * indexes: from the term in capitals up to, not including, the same with its last character one
 * higher (byte order is code point order in UTF-8). `to` is null when no such text exists. A range
 * and not `LIKE 'TERM%'`: PostgreSQL turns a LIKE into an index range only when the pattern is a
 * constant of the plan, so a search with its pattern as a parameter had to be planned again on every
 * call (docs/PERFORMANCE.md, fifth round).
 */
export function prefixRange(search: string): { from: string; to: string | null } {
  const from = search.toUpperCase();
  const points = [...from].map((c) => c.codePointAt(0) ?? 0);
  for (let last = points.pop(); last !== undefined; last = points.pop()) {
    if (last < 0x10ffff) {
      // The surrogates are no characters: after U+D7FF comes U+E000.
      points.push(last === 0xd7ff ? 0xe000 : last + 1);
      return { from, to: String.fromCodePoint(...points) };
    }
  }
  return { from, to: null };
}

/** `upper(column)` starts with the term, in capitals: a range of the column's upper() text_pattern_ops index. */
export function startsWithTerm(column: Expression<string | null>, search: string | TermValues, { opaque = false } = {}): RawBuilder<SqlBool> {
  const { from, to } = typeof search === 'string' ? prefixRange(search) : search;
  const value = textValue(opaque);
  const upper = sql`upper(${column})`;
  return to === null ? sql<SqlBool>`${upper} ~>=~ ${value(from)}` : sql<SqlBool>`${upper} ~>=~ ${value(from)} and ${upper} ~<~ ${value(to)}`;
}

export type { Paged } from '@domain/paged';

/**
 * How a page learns its total:
 * - `count` (default): a `count(*)` of the same filters (no order) before the page.
 * - `window`: `count(*) over ()` rides along with the page's rows, one round trip (hot lists, bench/);
 *   only a page past the end needs the separate count.
 * - `parallel`: the count and the page sent at once on two pool connections (the product list, where a
 *   window count would make PostgreSQL join and number every row before the LIMIT).
 * - `{ column }`: like `window`, with the total read by the given expression (a maintained count)
 *   instead of numbering the rows.
 */
export type PageTotal = 'count' | 'window' | 'parallel' | { column: RawBuilder<number> };

/** The total of the query's filters: the query without its columns and its order. */
async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total')).executeTakeFirst() as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** Pages written into the statement's text; deeper pages share one text with the offset as a parameter. */
const LITERAL_PAGES = 10;

/**
 * LIMIT and OFFSET of a page. PostgreSQL costs a plan whose OFFSET is a parameter as if it skipped a
 * tenth of the rows, while a custom plan knows the value; the generic plan then looks dearer than the
 * custom ones and the named statement is planned again on every call. The page size and the first ten
 * pages' offsets are written as numbers (both are validated integers): each such text gets a generic
 * plan after five calls (planning 0.3 ms → 0.005 ms for a delivery page). A deeper page's offset is a
 * parameter behind a scalar subquery, which no plan can read ahead of execution: custom and generic
 * plans then cost the same and PostgreSQL keeps the generic one (planning 0.2 → 0.015 ms for the keys
 * of an open-deliveries page). So the number of statement texts stays at most eleven per list and page size.
 */
export function pageBounds(params: ListParams): { limit: RawBuilder<number>; offset: RawBuilder<number> } {
  const offset = (params.page - 1) * params.perPage;
  return { limit: sql.lit(params.perPage), offset: params.page <= LITERAL_PAGES ? sql.lit(offset) : sql<number>`(select ${offset}::bigint)` };
}

/**
 * The key of a list's page statement (server/db/statement-cache.ts): the list, the user's place in the
 * hierarchy, the list's parameters and what else the list is built from (`inputs`, as JSON). Null for
 * a search: every term would be a statement of its own, compiled once and seldom asked again (a list
 * whose search takes its term as values keys it by searchStatementKey).
 */
export function listStatementKey(list: string, user: AuthUser, params: ListParams, inputs: unknown = null): string | null {
  return params.search === '' ? statementKey(list, user, params, inputs) : null;
}

/**
 * The key of a search's page statement: the term's shape in place of the term, whose values are the
 * statement's parameters (termParameters). The builder may read the term only through those values.
 */
function searchStatementKey(list: string, user: AuthUser, params: ListParams, term: TermValues, inputs: unknown): string {
  return statementKey(list, user, { ...params, search: termShape(term) }, inputs);
}

/**
 * The key and values of the page statement of a list whose search takes its term as values
 * (`searchTerm`): with a term, keyed by its shape with the term's values; without, keyed by the list's
 * parameters (listStatementKey) with none.
 */
export function termStatement(list: string, user: AuthUser, params: ListParams, term: TermValues | null, inputs: unknown = null): { key: string | null; values: string[] } {
  return term
    ? { key: searchStatementKey(list, user, params, term, inputs), values: termParameters(term) }
    : { key: listStatementKey(list, user, params, inputs), values: [] };
}

const statementKey = (list: string, user: AuthUser, params: ListParams, inputs: unknown) =>
  `${list}|${scopeKey(user)}|${JSON.stringify(params)}|${JSON.stringify(inputs)}`;

/** A list's pick of one page: the rows' keys in list order, with the total where it rides along (`count(*) over ()`), else null. */
export interface PickedKey { id: number; total: number | null }

/**
 * One page of a list that picks its rows' keys first and then reads their columns by key, so that the
 * columns (joins, subqueries per row) are read for the page's rows only, not for every row OFFSET skips.
 * - `pick(from)`: the keys in list order with their total or null; the page's bounds are added here.
 * - `read(from, where, pickedTotal)`: the columns of the rows `where` names, in list order, with
 *   `total_rows`: pickedTotal, or an expression of the list's own (a maintained count). The rows are
 *   answered with it: a list's response schema leaves it out.
 *
 * The pick is a CTE of the read: one statement, one round trip, which keeps its generic plan on every
 * page (pageBounds). With a `statementKey` (listStatementKey, searchStatementKey) the statement is
 * built once per key, `values` as its parameters: pick and read get them (or their markers) to build with.
 */
export async function pageByKey<R extends { total_rows: number | null }, DB, TB extends keyof DB, V extends readonly unknown[] = []>(
  db: Executor,
  params: ListParams,
  key: string,
  pick: (from: QueryCreator<Database>, ...values: V) => SelectQueryBuilder<DB, TB, PickedKey>,
  read: (from: QueryCreator<Database>, where: RawBuilder<SqlBool>, pickedTotal: RawBuilder<number | null>, ...values: V) => Compilable<R>,
  statementKey: string | null = null,
  values: V = [] as unknown as V,
): Promise<{ rows: R[]; total: number | null }> {
  const rows = await executeWithValues(db, statementKey, values, (...v: V) => {
    const { limit, offset } = pageBounds(params);
    // The CTE's name is known to the statement only: read() sees the database's tables as before.
    const withPage = db.with('page', (from) => pick(from, ...v).limit(limit).offset(offset)) as unknown as QueryCreator<Database>;
    return read(withPage, sql<SqlBool>`${sql.ref(key)} in (select page.id from page)`, sql`(select page.total from page limit 1)`, ...v);
  });
  // The rows keep their total_rows: the answer's schema sends only the fields it declares.
  return { rows, total: rows[0]?.total_rows ?? null };
}

const pageOf = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, params: ListParams) => {
  const { limit, offset } = pageBounds(params);
  return query.limit(limit).offset(offset);
};

const countOver = sql<number>`count(*) over ()`;

async function pageWithTotalColumn<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>, params: ListParams, total: RawBuilder<number> = countOver,
): Promise<{ data: O[]; total: number }> {
  const rows = await pageOf(query.select(total.as('total_rows')), params).execute();
  return withCarriedTotal(rows as (O & { total_rows: number | string })[], params, () => countOf(query));
}

/** A page's rows without the total they carry, and that total; a page past the end carries none and is counted. */
async function withCarriedTotal<O>(rows: (O & { total_rows: number | string })[], params: ListParams, count: () => Promise<number>): Promise<{ data: O[]; total: number }> {
  const data = rows.map(({ total_rows: _, ...rest }) => rest as unknown as O);
  const [first] = rows;
  if (first) return { data, total: Number(first.total_rows) };
  return { data, total: params.page > 1 ? await count() : 0 };
}

/**
 * paginate's one statement with its total (`window`, or a maintained count: `total`), compiled once
 * per key (listStatementKey) with `values`, the path's ids, as its parameters (statement-cache.ts
 * `executeWithValues`). `build(...values)` gives the list's query in its order, and its total's
 * expression or null for `count(*) over ()`.
 */
export async function paginateWithValues<DB, TB extends keyof DB, O, V extends readonly unknown[]>(
  db: Executor, statementKey: string | null, values: V,
  build: (...values: V) => { query: SelectQueryBuilder<DB, TB, O>; total: RawBuilder<number> | null },
  params: ListParams, basePath = '',
): Promise<Paged<O>> {
  const rows = await executeWithValues(db, statementKey, values, (...v: V) => {
    const { query, total } = build(...v);
    return pageOf(query.select((total ?? countOver).as('total_rows')), params);
  });
  const page = await withCarriedTotal(rows as (O & { total_rows: number | string })[], params, () => countOf(build(...values).query));
  return pagedAnswer(page.data, page.total, params, basePath);
}

/** Runs the page query and its total (see PageTotal) and builds the spec's paged answer (spec 1 §3). */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>, params: ListParams, basePath = '', total: PageTotal = 'count',
): Promise<Paged<O>> {
  if (total === 'window' || typeof total === 'object') {
    const page = await pageWithTotalColumn(query, params, total === 'window' ? undefined : total.column);
    return pagedAnswer(page.data, page.total, params, basePath);
  }
  if (total === 'parallel') {
    const [count, data] = await Promise.all([countOf(query), pageOf(query, params).execute()]);
    return pagedAnswer(data, count, params, basePath);
  }
  const count = await countOf(query);
  return pagedAnswer(await pageOf(query, params).execute(), count, params, basePath);
}

/** from, from + 1, …, to (none when to < from). */
const pageNumbers = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The paged answer of rows already read (lists that count or page in their own way). */
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
      ...pageNumbers(Math.max(1, params.page - 5), Math.min(lastPage, params.page + 5))
        .map((p) => ({ url: url(p), label: String(p), active: p === params.page })),
      { url: url(params.page + 1), label: 'Volgende &raquo;', active: false },
    ],
  };
}
