import { sql, type SelectQueryBuilder } from 'kysely';
import { pagedAnswer, type ListParams, type Paged } from '../../http/paging';

/**
 * One round trip for a page and its total: `count(*) over ()` rides along with the page's rows
 * (the lists are hot paths, bench/). Only a page past the end needs a separate count.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>, params: ListParams, basePath: string,
): Promise<Paged<O>> {
  const rows = await query
    .select(sql<number>`count(*) over ()`.as('total_rows'))
    .limit(params.perPage)
    .offset((params.page - 1) * params.perPage)
    .execute() as (O & { total_rows: number | string })[];
  let total = rows.length ? Number(rows[0]!.total_rows) : 0;
  if (!rows.length && params.page > 1) {
    const row = await query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirst() as { n: number | string } | undefined;
    total = Number(row?.n ?? 0);
  }
  const data = rows.map(({ total_rows: _, ...rest }) => rest as unknown as O);
  return pagedAnswer(data, total, params, basePath);
}

/**
 * The page and its count as two queries sent at once (two pool connections): for the product list a
 * window count would make PostgreSQL join and number every product before the LIMIT.
 */
export async function pageAndCount<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>, params: ListParams, basePath: string,
): Promise<Paged<O>> {
  const [countRow, data] = await Promise.all([
    query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirst() as Promise<{ n: number | string } | undefined>,
    query.limit(params.perPage).offset((params.page - 1) * params.perPage).execute(),
  ]);
  return pagedAnswer(data, Number(countRow?.n ?? 0), params, basePath);
}
