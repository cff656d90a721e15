import { sql, type RawBuilder } from 'kysely';
import { ClientType } from '@domain/enums';
import { centsToPriceString } from '@domain/format';
import type { ProductRow as ProductListRow } from '@domain/contracts/stock';
import type { Paged } from '@domain/paged';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { everyRowAnswer, pageList } from '../../http/paging';
import { searchTerm, termOf } from '../../http/search-terms';
import { sortColumn, type ListParams } from '../../http/list-params';
import { termStatement } from '../../http/list-statements';
import type { Answer } from '../../http/route-schema';
import { assertClientInScope } from '../../http/scope';
import { countSelections, countSortExpression, countsOfRow, type ProductCounts } from './counts';
import { imageUrl } from './product-detail';
import { filteredProducts, type ProductFilter } from './product-search';

const countSorts = new Set(['items_in_stock', 'available_items', 'items_at_location', 'items_in_use', 'items_count']);
const sorts: Record<string, string> = {
  name: 'p.name',
  article_number: 'p.article_number',
  client: 'p.client_name',
  client_name: 'p.client_name',
  reseller: 'p.reseller_name',
  reseller_name: 'p.reseller_name',
};

/** Products the user may see with the list's columns; filters and search of spec 2 §2.1. */
export function productQuery(db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter) {
  return withProductColumns(filteredProducts(db, user, params, filter, searchTerm(params)));
}

/**
 * The columns of a product row of the lists. The end customer's and the reseller's names are kept on
 * the row (migration 20261128T1700-product-shown-names; the reseller is the row's lineage one), the
 * item counts in product_item_totals (20261128T1800-product-item-counts).
 */
function withProductColumns<Q extends ReturnType<typeof filteredProducts>>(query: Q) {
  return query
    .leftJoin('product_item_totals as k', 'k.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.article_number',
      'p.unique_product_id',
      'p.eol',
      'p.product_group_id',
      'p.client_id',
      'p.price_cents',
      'p.image',
      'p.is_active',
      sql<string>`p.client_name`.as('client_name'),
      'p.reseller_id',
      'p.reseller_name',
      ...countSelections(),
    ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['execute']>>[number];

function listRow(p: ProductRow) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    article_number: p.article_number,
    unique_product_id: p.unique_product_id,
    eol: p.eol,
    product_group_id: p.product_group_id,
    client_id: p.client_id,
    client: { id: p.client_id, name: p.client_name },
    client_name: p.client_name,
    reseller_id: p.reseller_id,
    reseller_name: p.reseller_name,
    is_active: p.is_active,
    price: { price: centsToPriceString(p.price_cents) },
    price_cents: p.price_cents,
    image: imageUrl(p.id, p.image),
    ...countsOfRow(p),
  };
}

export function orderProducts<Q extends ReturnType<typeof filteredProducts>>(query: Q, params: ListParams): Q {
  const dir = params.order;
  if (params.sort && countSorts.has(params.sort)) {
    return query.orderBy(countSortExpression(params.sort as keyof ProductCounts), dir).orderBy('p.id') as Q;
  }
  if (params.sort === 'id') return query.orderBy('p.id', dir) as Q;
  // lower(): the same order on every collation (PGlite sorts bytewise, a server may not). The name has
  // its lowercase copy (name_search), which the list's indexes hold.
  const column = sortColumn(params, sorts, 'p.name');
  return query
    .orderBy(column === 'p.name' ? sql.ref('p.name_search') : sql`lower(${sql.ref(column)})`, dir)
    .orderBy('p.id') as Q;
}

/**
 * The list's total from product_counts (migration 20261126T0300-product-counts), for the list as the
 * user sees it without a search or filter: one row for the provider's all (scope 0), else the row of
 * the user's own client. Null where the products have to be counted.
 */
function maintainedTotal(user: AuthUser, params: ListParams, filter: ProductFilter): RawBuilder<number> | null {
  if (params.search !== '' || Object.keys(params.filters).length || filter.clientId != null || filter.projectId != null)
    return null;
  const scope = user.clientTypeId === ClientType.PROVIDER ? 0 : user.clientId;
  return sql<number>`(select coalesce(sum(k.n), 0)::int from product_counts k where k.scope_id = ${scope} and
    k.is_active = ${sql.lit(filter.active)})`;
}

/**
 * GET /products and friends: one page by key (paging.ts `pageList`). The ids of the page in list order
 * with their total: numbered with the page for a search (a few hundred products at most, where running
 * the search's index lookups again for a count costs more), the maintained count of an unfiltered list,
 * a count subquery otherwise. Then the columns of those products, their item counts among them.
 */
export async function listProducts(
  db: Executor,
  user: AuthUser,
  params: ListParams,
  filter: ProductFilter,
  basePath: string,
): Promise<Answer<Paged<ProductListRow>>> {
  // A search's statement is built once per shape of term, the term's values its parameters.
  const term = searchTerm(params);
  const statement = termStatement('products', user, params, term, filter);
  const page = await pageList(db, params, {
    statement,
    key: 'p.id',
    pick: (from, ...values: string[]) =>
      orderProducts(filteredProducts(from, user, params, filter, term && termOf(term, values)), params).select('p.id'),
    read: (from, byKey) => orderProducts(withProductColumns(from.selectFrom('products as p')), params).where(byKey),
    total: term
      ? 'numbered'
      : () =>
          maintainedTotal(user, params, filter) ??
          sql<number>`(${filteredProducts(db, user, params, filter, null).select(sql<number>`count(*)::int`.as('n'))})`,
    count: () => countProducts(db, user, params, filter),
    basePath,
  });
  return { ...page, data: page.data.map(listRow) };
}

async function countProducts(db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter): Promise<number> {
  const row = await filteredProducts(db, user, params, filter, searchTerm(params))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** All matching rows (export, client panels), in the list order. */
export async function allProducts(db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter) {
  const rows = await orderProducts(productQuery(db, user, params, filter), params)
    .limit(20000)
    .execute();
  return rows.map(listRow);
}

/** Products of one client (customer page panels: active and inactive stock, prices); showAll=true gives every row. */
export async function productsOfClient(
  db: Executor,
  user: AuthUser,
  clientId: number,
  params: ListParams,
  active: boolean,
  basePath: string,
): Promise<Answer<Paged<ProductListRow>>> {
  await assertClientInScope(db, user, clientId);
  if (params.showAll) {
    const rows = await allProducts(db, user, params, { active, clientId });
    return everyRowAnswer(rows, params, basePath);
  }
  return listProducts(db, user, params, { active, clientId }, basePath);
}

/** Products with items in one project (the project must belong to a client the user sees). */
export async function productsOfProject(
  db: Executor,
  user: AuthUser,
  projectId: number,
): Promise<Answer<ProductListRow>[]> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'client_id'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound();
  await assertClientInScope(db, user, project.client_id);
  const params: ListParams = {
    search: '',
    filters: {},
    sort: null,
    order: 'asc',
    page: 1,
    perPage: 20000,
    showAll: true,
  };
  return allProducts(db, user, params, { active: true, projectId });
}
