import type { QueryCreator, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Paged } from '@domain/paged';
import type { Database, Executor } from '../db/database';
import { executeWithValues } from '../db/statement-cache';
import type { ListParams } from './list-params';
import { pageBounds } from './list-statements';
import { everyRowAnswer, pagedAnswer } from './paged-answer';

// The one way a list is paged: pageList, with the list declaring its rows and how its total is known.

export type { Paged } from '@domain/paged';
export { everyRowAnswer };

/**
 * How a list's page learns its total, declared by the list for the request's parameters
 * (docs/PERFORMANCE.md, 'One way to page a list', has the figure behind each):
 * - an expression of the statement's values: read by the page's own statement (a count kept by
 *   triggers, or a count subquery of the same filters): one round trip, nothing numbered;
 * - `numbered`: `count(*) over ()` on the rows the page is taken from, for matches that are few (a
 *   search), where counting them apart would run the search twice;
 * - `counted`: a count of the same filters, sent beside the page on another connection, where numbering
 *   would join and number every row before the LIMIT and no kept count applies.
 */
export type ListTotal<V extends readonly unknown[]> = 'numbered' | 'counted' | ((...values: V) => RawBuilder<number>);

interface ListShape<V extends readonly unknown[]> {
  /** The answer's links point here (`/api/...`). */
  basePath: string;
  total: ListTotal<NoInfer<V>>;
  /**
   * The page statement's key in the statement cache (listStatementKey, termStatement) and the values it takes as
   * parameters; without it, the statement is built on every call.
   */
  statement?: { key: string | null; values: V };
  /** The total where the list counts its own way (`counted`, a page past the end); else its rows' filters counted. */
  count?: () => Promise<number>;
}

/** A list read in one query: its rows in list order, built from the statement's values. */
export interface QueryList<V extends readonly unknown[], DB, TB extends keyof DB, O> extends ListShape<V> {
  rows: (...values: V) => SelectQueryBuilder<DB, TB, O>;
}

/**
 * A list whose page picks its rows' keys first and then reads their columns by key, so that the columns
 * (joins, subqueries per row) are read for the page's rows only, not for every row OFFSET skips. The pick
 * is a CTE of the read: one statement, which keeps its generic plan on every page (pageBounds).
 * - `key`: the read's key column (`'d.id'`);
 * - `pick(from, ...values)`: the keys, selected as `id`, in list order;
 * - `read(from, where, ...values)`: the columns of the rows `where` names, in list order.
 * Its rows keep the `total_rows` column: a list's response schema leaves it out.
 */
export interface KeyedList<
  V extends readonly unknown[],
  DB,
  TB extends keyof DB,
  O,
  PDB,
  PTB extends keyof PDB,
> extends ListShape<V> {
  key: string;
  pick: (from: QueryCreator<Database>, ...values: V) => SelectQueryBuilder<PDB, PTB, { id: number }>;
  read: (from: QueryCreator<Database>, where: RawBuilder<SqlBool>, ...values: V) => SelectQueryBuilder<DB, TB, O>;
}

type TotalRow = { total_rows: number | string | null };

const countOver = sql<number>`count(*) over ()`;
const noTotal = sql<number | null>`null::int`;

/** The total of a query's filters: the query without its columns and its order. */
async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** One page of a list with its total, in the spec's paged answer (spec 1 §3). `showAll`: everyRowAnswer. */
export async function pageList<O, V extends readonly unknown[], DB, TB extends keyof DB>(
  db: Executor,
  params: ListParams,
  list: QueryList<V, DB, TB, O>,
): Promise<Paged<O>>;
export async function pageList<O, V extends readonly unknown[], DB, TB extends keyof DB, PDB, PTB extends keyof PDB>(
  db: Executor,
  params: ListParams,
  list: KeyedList<V, DB, TB, O, PDB, PTB>,
): Promise<Paged<O & TotalRow>>;
export async function pageList<O, V extends readonly unknown[], DB, TB extends keyof DB, PDB, PTB extends keyof PDB>(
  db: Executor,
  params: ListParams,
  list: QueryList<V, DB, TB, O> | KeyedList<V, DB, TB, O, PDB, PTB>,
): Promise<Paged<O>> {
  const { key, values } = list.statement ?? { key: null, values: [] as unknown as V };
  const count = async () => {
    if (list.count) return list.count();
    return 'pick' in list ? countOf(list.pick(db, ...values)) : countOf(list.rows(...values));
  };
  const [rows, counted] = await Promise.all([
    executeWithValues(db, key, values, (...v: V) =>
      'pick' in list ? keyedStatement(db, params, list, v) : queryStatement(params, list, v),
    ) as Promise<(O & TotalRow)[]>,
    list.total === 'counted' ? count() : null,
  ]);
  const first = rows[0];
  // A page past the end brings no total along: counted then.
  const total = counted ?? (first ? Number(first.total_rows) : params.page > 1 ? await count() : 0);
  const data = 'pick' in list ? rows : rows.map(({ total_rows: _, ...row }) => row as O);
  return pagedAnswer(data, total, params, list.basePath);
}

/** The total's expression in the page's statement; `numbered` gives the one of the rows it numbers. */
const totalOf = <V extends readonly unknown[]>(total: ListTotal<V>, numbered: RawBuilder<number>, values: V) =>
  total === 'numbered' ? numbered : total === 'counted' ? noTotal : total(...values);

function queryStatement<O, V extends readonly unknown[], DB, TB extends keyof DB>(
  params: ListParams,
  list: QueryList<V, DB, TB, O>,
  values: V,
) {
  const { limit, offset } = pageBounds(params);
  return list
    .rows(...values)
    .select(totalOf(list.total, countOver, values).as('total_rows'))
    .limit(limit)
    .offset(offset);
}

function keyedStatement<O, V extends readonly unknown[], DB, TB extends keyof DB, PDB, PTB extends keyof PDB>(
  db: Executor,
  params: ListParams,
  list: KeyedList<V, DB, TB, O, PDB, PTB>,
  values: V,
) {
  const { limit, offset } = pageBounds(params);
  // The CTE's name is known to the statement only: read() sees the database's tables as before.
  const withPage = db.with('page', (from) =>
    list
      .pick(from, ...values)
      .select((list.total === 'numbered' ? countOver : noTotal).as('total'))
      .limit(limit)
      .offset(offset),
  ) as unknown as QueryCreator<Database>;
  const total = totalOf(list.total, sql<number>`(select page.total from page limit 1)`, values);
  return list
    .read(withPage, sql<SqlBool>`${sql.ref(list.key)} in (select page.id from page)`, ...values)
    .select(total.as('total_rows'));
}
