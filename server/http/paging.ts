import type { Compilable, QueryCreator, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Paged } from '@domain/paged';
import type { Database, Executor } from '../db/database';
import { executeWithValues } from '../db/statement-cache';
import type { ListParams } from './list-params';
import { pageBounds } from './list-statements';

// One page of a list and its total, answered in the spec's paged shape (spec 1 §3).

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
  const row = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/**
 * A list's pick of one page: the rows' keys in list order, with the total where it rides along (`count(*) over ()`),
 * else null.
 */
export interface PickedKey {
  id: number;
  total: number | null;
}

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
export async function pageByKey<
  R extends { total_rows: number | null },
  DB,
  TB extends keyof DB,
  V extends readonly unknown[] = [],
>(
  db: Executor,
  params: ListParams,
  key: string,
  pick: (from: QueryCreator<Database>, ...values: V) => SelectQueryBuilder<DB, TB, PickedKey>,
  read: (
    from: QueryCreator<Database>,
    where: RawBuilder<SqlBool>,
    pickedTotal: RawBuilder<number | null>,
    ...values: V
  ) => Compilable<R>,
  statementKey: string | null = null,
  values: V = [] as unknown as V,
): Promise<{ rows: R[]; total: number | null }> {
  const rows = await executeWithValues(db, statementKey, values, (...v: V) => {
    const { limit, offset } = pageBounds(params);
    // The CTE's name is known to the statement only: read() sees the database's tables as before.
    const withPage = db.with('page', (from) =>
      pick(from, ...v)
        .limit(limit)
        .offset(offset),
    ) as unknown as QueryCreator<Database>;
    return read(
      withPage,
      sql<SqlBool>`${sql.ref(key)} in (select page.id from page)`,
      sql`(select page.total from page limit 1)`,
      ...v,
    );
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
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  total: RawBuilder<number> = countOver,
): Promise<{ data: O[]; total: number }> {
  const rows = await pageOf(query.select(total.as('total_rows')), params).execute();
  return withCarriedTotal(rows as (O & { total_rows: number | string })[], params, () => countOf(query));
}

/** A page's rows without the total they carry, and that total; a page past the end carries none and is counted. */
async function withCarriedTotal<O>(
  rows: (O & { total_rows: number | string })[],
  params: ListParams,
  count: () => Promise<number>,
): Promise<{ data: O[]; total: number }> {
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
  db: Executor,
  statementKey: string | null,
  values: V,
  build: (...values: V) => { query: SelectQueryBuilder<DB, TB, O>; total: RawBuilder<number> | null },
  params: ListParams,
  basePath = '',
): Promise<Paged<O>> {
  const rows = await executeWithValues(db, statementKey, values, (...v: V) => {
    const { query, total } = build(...v);
    return pageOf(query.select((total ?? countOver).as('total_rows')), params);
  });
  const page = await withCarriedTotal(rows as (O & { total_rows: number | string })[], params, () =>
    countOf(build(...values).query),
  );
  return pagedAnswer(page.data, page.total, params, basePath);
}

/** Runs the page query and its total (see PageTotal) and builds the spec's paged answer (spec 1 §3). */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  basePath = '',
  total: PageTotal = 'count',
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
const pageNumbers = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

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
      ...pageNumbers(Math.max(1, params.page - 5), Math.min(lastPage, params.page + 5)).map((p) => ({
        url: url(p),
        label: String(p),
        active: p === params.page,
      })),
      { url: url(params.page + 1), label: 'Volgende &raquo;', active: false },
    ],
  };
}
