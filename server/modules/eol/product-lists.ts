import { sql, type Expression, type NotNull, type SqlBool } from 'kysely';
import { ClientType } from '@domain/enums';
import type { EolProductRow, EolProductsPage } from '@domain/contracts/eol';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern } from '../../http/search-terms';
import { listStatementKey } from '../../http/list-statements';
import { numericFilter, sortColumn, whenSet, type ListParams } from '../../http/list-params';
import { pageList } from '../../http/paging';
import { eolItemWhere, eolProductWhere, horizonEndSql } from './query';

/** Export and list hold the same rows; the export stops here. */
const EXPORT_LIMIT = 20000;

const sorts: Record<string, string> = {
  eol_items: 'e.eol_items',
  name: 'p.name',
  article_number: 'p.article_number',
  client: 'c.name',
  client_name: 'c.name',
  reseller: 'r.name',
  reseller_name: 'r.name',
};

/** filters[client] (end customer) and filters[reseller], also under their `_id` names. */
function eolFilters(params: ListParams) {
  return {
    client: numericFilter(params, 'client') ?? numericFilter(params, 'client_id'),
    reseller: numericFilter(params, 'reseller') ?? numericFilter(params, 'reseller_id'),
  };
}

/**
 * Products with EOL items, each with its count, end customer and reseller. Filters: filters[client]
 * (end customer) and filters[reseller]; search on product name, article number, end customer and reseller.
 */
function eolProductsQuery(db: Executor, user: AuthUser, params: ListParams) {
  const { client, reseller } = eolFilters(params);
  // The items counted per product first (items_eol_date_idx alone), then the products' half of eolItemsQuery
  // on those products: the same rows as grouping the join, without joining every item to its product.
  const counts = db
    .selectFrom('items as i')
    .where(eolItemWhere(user))
    .select(['i.product_id', sql<number>`count(*)`.as('eol_items')])
    .groupBy('i.product_id');
  // The provider sees every item: its products are those whose earliest EOL day is within the horizon
  // (product_first_eol), and only the page's products have their items counted. Not for the sort on
  // the count, nor below the provider, where an item's holder decides as well.
  const byFirstDay = user.clientTypeId === ClientType.PROVIDER && sortColumn(params, sorts, 'p.name') !== 'e.eol_items';
  const source = byFirstDay
    ? db
        .selectFrom('product_first_eol as f')
        .where(sql<SqlBool>`f.first_eol_date <= ${horizonEndSql}`)
        .select([
          'f.product_id',
          sql<number>`(select count(*) from items i where i.product_id = f.product_id and ${eolItemWhere(user)})`.as(
            'eol_items',
          ),
        ])
    : counts;
  const search = params.search;
  return (
    db
      .selectFrom(source.as('e'))
      .innerJoin('products as p', 'p.id', 'e.product_id')
      .innerJoin('clients as c', 'c.id', 'p.client_id')
      .leftJoin('clients as r', (j) =>
        j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', ClientType.RESELLER),
      )
      .where(eolProductWhere(user))
      .$call(whenSet(client, (q, id) => q.where('p.client_id', '=', id)))
      .$call(whenSet(reseller, (q, id) => q.where('r.id', '=', id)))
      .$if(search !== '', (q) =>
        q.where((eb) => {
          const like = likePattern(search);
          return eb.or([
            eb('p.name', 'ilike', like),
            eb('p.article_number', 'ilike', like),
            eb('c.name', 'ilike', like),
            eb('r.name', 'ilike', like),
          ]) as Expression<SqlBool>;
        }),
      )
      .select([
        'p.id',
        'p.name',
        'p.article_number',
        'p.eol',
        'e.eol_items',
        'p.client_id',
        'c.name as client_name',
        'r.id as reseller_id',
        'r.name as reseller_name',
      ])
      // Only products with an EOL term are on the overview (eolProductWhere).
      .$narrowType<{ eol: NotNull }>()
  );
}

type Query = ReturnType<typeof eolProductsQuery>;

function orderEolProducts(query: Query, params: ListParams): Query {
  const column = sortColumn(params, sorts, 'p.name');
  if (column === 'e.eol_items') return query.orderBy('e.eol_items', params.order).orderBy('p.id');
  // lower(): the same order on every collation (PGlite sorts bytewise, a server may not).
  return query.orderBy(sql`lower(${sql.ref(column)})`, params.order).orderBy('p.id');
}

function toRow(r: Awaited<ReturnType<Query['execute']>>[number]): EolProductRow {
  const parent = r.reseller_id != null && r.reseller_name != null ? { id: r.reseller_id, name: r.reseller_name } : null;
  return {
    id: r.id,
    name: r.name,
    article_number: r.article_number,
    eol: r.eol,
    eol_items: Number(r.eol_items),
    client_id: r.client_id,
    client: { id: r.client_id, name: r.client_name, parent },
    client_name: r.client_name,
    reseller_id: r.reseller_id,
    reseller_name: r.reseller_name,
  };
}

/**
 * The provider's whole overview, the total of a page without a filter or search: the products whose
 * earliest EOL day (product_first_eol) is within the horizon, less the deleted ones among them. A
 * product without EOL months has no day there (its items have none). The days before the horizon's
 * month are counted per month (first_eol_months), the horizon's own month day by day. No window has
 * to number every product on the overview: the page is the first products of products_eol_name_idx
 * that are on it.
 */
const horizonMonth = sql<string>`date_trunc('month', ${horizonEndSql}::timestamp)::date`;
const providerTotal = sql<number>`(select coalesce(sum(m.n), 0) from first_eol_months m where m.month < ${horizonMonth})
  + (select count(*) from product_first_eol f where f.first_eol_date >= ${horizonMonth} and f.first_eol_date <=
    ${horizonEndSql})
  - (select count(*) from products p join product_first_eol f on f.product_id = p.id where p.deleted_at is not null
    and f.first_eol_date <= ${horizonEndSql})`;

function unfiltered(params: ListParams): boolean {
  const { client, reseller } = eolFilters(params);
  return params.search === '' && client === null && reseller === null;
}

/** GET /productswitheolitems: one page, sorted by name unless asked otherwise. */
export async function listEolProducts(
  db: Executor,
  user: AuthUser,
  params: ListParams,
  basePath: string,
): Promise<EolProductsPage> {
  // Any other page's total rides along with the page: both need every product's count.
  const total = user.clientTypeId === ClientType.PROVIDER && unfiltered(params) ? providerTotal : null;
  const page = await pageList(db, params, {
    statement: { key: listStatementKey('eol products', user, params), values: [] },
    rows: () => orderEolProducts(eolProductsQuery(db, user, params), params),
    total: total ? () => total : 'numbered',
    basePath,
  });
  return { ...page, data: page.data.map(toRow) };
}

/** Every matching row in list order (the export). */
export async function allEolProducts(db: Executor, user: AuthUser, params: ListParams): Promise<EolProductRow[]> {
  const rows = await orderEolProducts(eolProductsQuery(db, user, params), params)
    .limit(EXPORT_LIMIT)
    .execute();
  return rows.map(toRow);
}
