import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ClientType, stockFilterOptions } from '@domain/enums';
import { msg } from '@domain/schemas/common';
import { centsToPriceString } from '@domain/format';
import { stockMsg, type ProductInput } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { containsTerm, numericFilter, paginate, pagedAnswer, startsWithTerm, type ListParams, sortColumn } from '../../http/paging';
import { assertClientInScope, clientScope, lineageScope } from '../../http/scope';
import { countSortExpression, countsFor, countsOf, countsOfProducts, countsOfRow, emptyCounts, type ProductCounts } from './counts';
import { recordEvents } from '../events';
import type { Answer } from '../../http/route-schema';
import type { ProductDetail, ProductGroup, ProductRow as ProductListRow } from '@domain/contracts/stock';
import type { Paged } from '@domain/paged';

/**
 * The ids of the clients a user below the provider sees (its own, its children, their children: the
 * hierarchy of server/http/scope.ts) as one subquery, for `client_id in (…)`: a semi-join on the
 * client_id index, where `client_id = own or client_id in (…)` makes PostgreSQL filter every row.
 */
export function clientIdsInScope(user: AuthUser): RawBuilder<number> {
  const own = user.clientId;
  return sql<number>`select ${own}::int union all select s1.id from clients s1 where s1.parent_client_id = ${own}
    union all select s2.id from clients s2 join clients s2p on s2p.id = s2.parent_client_id where s2p.parent_client_id = ${own}`;
}

/**
 * The ids of the products a search finds, one indexed branch per field (spec 2 §2.1: name, article number,
 * end customer, reseller, serial and order number): trigram indexes on the names (PostgreSQL), the
 * upper() prefix indexes on serial and order number. An OR over the joined columns reads every product.
 * Every value is a parameter of one text, and every branch has a plan that serves any value, so
 * PostgreSQL keeps one generic plan for the search instead of planning its six branches on every call.
 * The reseller is the one the list shows (the end customer's parent): the product's lineage (migration
 * 20261126T0100-client-lineage) finds its products without visiting each of the reseller's clients.
 */
function productSearchIds(search: string): RawBuilder<number> {
  const has = (column: string) => containsTerm(sql.ref(column), search);
  return sql<number>`select sp.id from products sp where ${containsTerm(sql.ref('sp.name_search'), search, { lowered: true })}
    union select sp.id from products sp where ${has('sp.article_number')}
    union select sp.id from products sp where sp.client_id in (select sc.id from clients sc where ${has('sc.name')})
    union select sp.id from products sp join clients sc on sc.id = sp.client_id
      where sp.reseller_id in (select sr.id from clients sr where sr.client_type_id = ${ClientType.RESELLER} and ${has('sr.name')})
        and sc.parent_client_id = sp.reseller_id
    union select si.product_id from items si where si.deleted_at is null and ${startsWithTerm(sql.ref('si.serial'), search)}
    union select si.product_id from items si where si.deleted_at is null and ${startsWithTerm(sql.ref('si.order_number'), search)}`;
}

const countSorts = new Set(['items_in_stock', 'available_items', 'items_at_location', 'items_in_use', 'items_count']);
const sorts: Record<string, string> = {
  name: 'p.name', article_number: 'p.article_number', client: 'c.name', client_name: 'c.name', reseller: 'r.name', reseller_name: 'r.name',
};

export interface ProductFilter {
  active: boolean;
  clientId?: number | null;
  projectId?: number | null;
}

/** `filters[stock]`: one of the 'Alle voorraad' options (an item status id), else a 422. */
function stockFilter(params: ListParams): number | null {
  const status = numericFilter(params, 'stock');
  if (status != null && !stockFilterOptions.some((o) => o.id === status)) throw ValidationError.field('filters[stock]', msg.invalidId);
  return status;
}

/** Products the user may see, with end customer and reseller joined and the list's columns; filters and search of spec 2 §2.1. */
export function productQuery(db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter) {
  return withProductColumns(filteredProducts(db, user, params, filter, true));
}

/** A sort on the end customer's or the reseller's name: the clients must be joined for it. */
const sortsOnClients = (params: ListParams) => params.sort != null && Object.hasOwn(sorts, params.sort) && !sorts[params.sort]!.startsWith('p.');

/**
 * The products the user may see with the filters and search of spec 2 §2.1, without columns. The end
 * customer `c` and its reseller `r` are joined only with `joinClients` (for the columns, or a sort on
 * their names): every filter reads the product's own row, and without the joins a page's ids come
 * from an index alone (PostgreSQL still reads each product for the key of a join it then drops).
 * The builder is typed as joined either way; without the joins nothing may read `c` or `r`.
 */
function filteredProducts(db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter, joinClients: boolean) {
  const client = filter.clientId ?? numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const reseller = numericFilter(params, 'reseller') ?? numericFilter(params, 'reseller_id');
  const group = numericFilter(params, 'product_group') ?? numericFilter(params, 'product_group_id');
  const stock = stockFilter(params);
  const search = params.search;
  const base = joinClients ? productsJoined(db) : db.selectFrom('products as p') as unknown as ReturnType<typeof productsJoined>;
  return base
    .where('p.deleted_at', 'is', null)
    // A literal, not a parameter: the generic plan of the named statement can then use the partial
    // index of the active products (products_active_name_search).
    .where('p.is_active', '=', sql.lit(filter.active))
    // The row's lineage (migration 20261126T0100-client-lineage): a reseller's products are one range
    // of products_reseller_active_name, in list order, and their count a count of its entries.
    .where(lineageScope(user, 'p'))
    .$if(client != null, (q) => q.where('p.client_id', '=', client!))
    .$if(reseller != null, (q) => q.where('p.reseller_id', '=', reseller!))
    .$if(group != null, (q) => q.where('p.product_group_id', '=', group!))
    .$if(stock != null, (q) => q.where((eb) => eb.exists(
      eb.selectFrom('items as fi').select('fi.id').whereRef('fi.product_id', '=', 'p.id').where('fi.status_id', '=', stock!).where('fi.deleted_at', 'is', null),
    )))
    .$if(filter.projectId != null, (q) => q.where((eb) => eb.exists(
      eb.selectFrom('items as pi').select('pi.id').whereRef('pi.product_id', '=', 'p.id').where('pi.project_id', '=', filter.projectId!).where('pi.deleted_at', 'is', null),
    )))
    // An array, not IN: PostgreSQL then fetches the few found products by key and sorts them, where IN
    // made it walk the name index and compare every product with the whole set.
    .$if(search !== '', (q) => q.where(sql<SqlBool>`p.id = any(array(${productSearchIds(search)}))`));
}

/** Products with their end customer `c` and its reseller `r`. */
function productsJoined(db: Executor) {
  return db
    .selectFrom('products as p')
    // A left join on the not-null key gives the same rows as an inner join.
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .leftJoin('clients as r', (j) => j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', ClientType.RESELLER));
}

/** The columns of a product row of the lists. */
function withProductColumns<Q extends ReturnType<typeof productsJoined>>(query: Q) {
  return query.select([
    'p.id', 'p.name', 'p.description', 'p.article_number', 'p.unique_product_id', 'p.eol', 'p.product_group_id', 'p.client_id', 'p.price_cents',
    'p.image', 'p.is_active', sql<string>`c.name`.as('client_name'), 'r.id as reseller_id', 'r.name as reseller_name',
  ]);
}

/**
 * The list rows of products already picked (and checked) by id, with their item counts, in the order
 * of the ids: one statement.
 */
async function productsByIds(db: Executor, ids: number[]) {
  const rows = await withProductColumns(productsJoined(db))
    .leftJoin(countsOfProducts(db, ids).as('k'), 'k.product_id', 'p.id')
    .select(['k.items_in_stock', 'k.available_items', 'k.items_at_location', 'k.items_in_use', 'k.items_count'])
    .where('p.id', '=', sql<number>`any(${ids}::int[])`).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['execute']>>[number];

export function imageUrl(productId: number, image: string | null): string | null {
  return image ? `/api/products/${productId}/image` : null;
}

function listRow(p: ProductRow, counts: ProductCounts) {
  return {
    id: p.id, name: p.name, description: p.description, article_number: p.article_number, unique_product_id: p.unique_product_id, eol: p.eol,
    product_group_id: p.product_group_id, client_id: p.client_id, client: { id: p.client_id, name: p.client_name },
    client_name: p.client_name, reseller_id: p.reseller_id, reseller_name: p.reseller_name, is_active: p.is_active,
    price: { price: centsToPriceString(p.price_cents) }, price_cents: p.price_cents, image: imageUrl(p.id, p.image), ...counts,
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
  return query.orderBy(column === 'p.name' ? sql.ref('p.name_search') : sql`lower(${sql.ref(column)})`, dir).orderBy('p.id') as Q;
}

/**
 * The list's total from product_counts (migration 20261126T0300-product-counts), for the list as the
 * user sees it without a search or filter: one row for the provider's all (scope 0), else the row of
 * the user's own client. Null where the products have to be counted.
 */
function maintainedTotal(user: AuthUser, params: ListParams, filter: ProductFilter): RawBuilder<number> | null {
  if (params.search !== '' || Object.keys(params.filters).length || filter.clientId != null || filter.projectId != null) return null;
  const scope = user.clientTypeId === ClientType.PROVIDER ? 0 : user.clientId;
  return sql<number>`(select coalesce(sum(k.n), 0)::int from product_counts k where k.scope_id = ${scope} and k.is_active = ${sql.lit(filter.active)})`;
}

/**
 * GET /products and friends: one page in two steps. The ids of the page first, with the total in the
 * same statement: numbered with the page for a search (a few hundred products at most, where running
 * the search's index lookups again for a count costs more), the maintained count of an unfiltered
 * list, a count subquery otherwise. Then the columns of those ids by key with their item counts.
 * The ids statement is cheap to plan whatever its offset; the columns statement has one text for
 * every page, so PostgreSQL keeps a generic plan for it (in one statement, every page past the tenth
 * was planned again on every call).
 */
export async function listProducts(
  db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter, basePath: string,
): Promise<Answer<Paged<ProductListRow>>> {
  const query = filteredProducts(db, user, params, filter, sortsOnClients(params));
  const count = maintainedTotal(user, params, filter) ?? sql<number>`(${query.select(sql<number>`count(*)::int`.as('n'))})`;
  const ids = await paginate(orderProducts(query, params).select('p.id'), params, basePath, params.search ? 'window' : { column: count });
  const pageIds = ids.data.map((p) => p.id);
  const rows = pageIds.length ? await productsByIds(db, pageIds) : [];
  return { ...ids, data: rows.map((p) => listRow(p, countsOfRow(p))) };
}

/** All matching rows (export, client panels), in the list order. */
export async function allProducts(db: Executor, user: AuthUser, params: ListParams, filter: ProductFilter) {
  const rows = await orderProducts(productQuery(db, user, params, filter), params).limit(20000).execute();
  const counts = new Map<number, ProductCounts>();
  for (let i = 0; i < rows.length; i += 1000) {
    for (const [k, v] of await countsFor(db, rows.slice(i, i + 1000).map((r) => r.id))) counts.set(k, v);
  }
  return rows.map((p) => listRow(p, counts.get(p.id) ?? emptyCounts));
}

/** A product the user may see (active or not); 404 otherwise. */
export async function productRow(db: Executor, user: AuthUser, id: number) {
  const row = await db.selectFrom('products as p').selectAll('p')
    .where('p.id', '=', id).where('p.deleted_at', 'is', null).where((eb) => clientScope(user, eb.ref('p.client_id'))).executeTakeFirst();
  if (!row) throw notFound('Artikel niet gevonden');
  return row;
}

export async function productDetail(db: Executor, user: AuthUser, id: number): Promise<Answer<ProductDetail>> {
  const p = await productRow(db, user, id);
  const [counts, group, client, bundles] = await Promise.all([
    countsOf(db, id),
    db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', p.product_group_id).executeTakeFirst(),
    db.selectFrom('clients as c').leftJoin('clients as r', (j) => j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', ClientType.RESELLER))
      .select(['c.id', 'c.name', 'c.client_type_id', 'r.id as reseller_id', 'r.name as reseller_name']).where('c.id', '=', p.client_id).executeTakeFirst(),
    db.selectFrom('bundle_product as bp').innerJoin('bundles as b', 'b.id', 'bp.bundle_id').select(['b.id', 'b.name'])
      .where('bp.product_id', '=', id).where('b.deleted_at', 'is', null).orderBy('b.name').execute(),
  ]);
  const image = imageUrl(p.id, p.image);
  return {
    id: p.id, name: p.name, description: p.description, article_number: p.article_number, unique_product_id: p.unique_product_id, eol: p.eol,
    product_group_id: p.product_group_id, product_group: group ?? null, client_id: p.client_id,
    client: client ? { id: client.id, name: client.name, client_type_id: client.client_type_id } : null,
    reseller: client?.reseller_id ? { id: client.reseller_id, name: client.reseller_name ?? '' } : null,
    is_active: p.is_active, image, media: image ? [{ original_url: image, name: p.name }] : [],
    price: { price: centsToPriceString(p.price_cents) }, bundles, ...counts,
  };
}

/** The end customer a new article belongs to: the chosen one, or the user's own end customer. */
async function ownerOf(db: Executor, user: AuthUser, clientId: number | null | undefined): Promise<number> {
  const chosen = clientId ?? (user.clientTypeId === ClientType.EINDKLANT ? user.clientId : null);
  if (chosen == null) throw ValidationError.field('client_id', stockMsg.clientRequired);
  const client = await db.selectFrom('clients').select(['id', 'client_type_id']).where('id', '=', chosen).where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id'))).executeTakeFirst();
  if (!client || client.client_type_id !== ClientType.EINDKLANT) throw ValidationError.field('client_id', stockMsg.clientRequired);
  return client.id;
}

async function assertGroup(db: Executor, groupId: number) {
  const g = await db.selectFrom('product_groups').select('id').where('id', '=', groupId).executeTakeFirst();
  if (!g) throw ValidationError.field('product_group_id', 'Kies een productgroep.');
}

async function assertUniqueId(db: Executor, clientId: number, uniqueId: string, exceptId?: number) {
  const taken = await db.selectFrom('products').select('id').where('client_id', '=', clientId).where(sql`lower(unique_product_id)`, '=', uniqueId.toLowerCase())
    .where('deleted_at', 'is', null).$if(exceptId != null, (q) => q.where('id', '<>', exceptId!)).executeTakeFirst();
  if (taken) throw ValidationError.field('unique_product_id', stockMsg.uniqueIdTaken);
}

export async function createProduct(trx: Trx, user: AuthUser, input: ProductInput, image: string | null) {
  const clientId = await ownerOf(trx, user, input.client_id);
  await assertGroup(trx, input.product_group_id);
  await assertUniqueId(trx, clientId, input.unique_product_id);
  const row = await trx.insertInto('products').values({
    client_id: clientId, product_group_id: input.product_group_id, name: input.name, description: input.description ?? null,
    article_number: input.article_number, unique_product_id: input.unique_product_id, eol: input.eol ?? null, image,
  }).returning('id').executeTakeFirstOrThrow();
  await recordEvents(trx, user, [{ product_id: row.id, client_id: clientId, action: `Artikel ${input.name} aangemaakt` }]);
  return row.id;
}

export async function updateProduct(trx: Trx, user: AuthUser, id: number, input: ProductInput, image: string | null) {
  const current = await productRow(trx, user, id);
  const clientId = input.client_id != null && input.client_id !== current.client_id ? await ownerOf(trx, user, input.client_id) : current.client_id;
  await assertGroup(trx, input.product_group_id);
  await assertUniqueId(trx, clientId, input.unique_product_id, id);
  await trx.updateTable('products').set({
    client_id: clientId, product_group_id: input.product_group_id, name: input.name, description: input.description ?? null,
    article_number: input.article_number, unique_product_id: input.unique_product_id, eol: input.eol ?? null,
    ...(image ? { image } : {}), updated_at: new Date(),
  }).where('id', '=', id).execute();
  await recordEvents(trx, user, [{ product_id: id, client_id: clientId, action: `Artikel ${input.name} gewijzigd` }]);
  return current.image && image ? current.image : null; // the replaced image, to remove after commit
}

export async function deleteProduct(trx: Trx, user: AuthUser, id: number) {
  const p = await productRow(trx, user, id);
  const { items_count } = await countsOf(trx, id);
  if (items_count > 0) throw new HttpError(422, stockMsg.deleteRefused, { product: [stockMsg.deleteRefused] });
  await trx.updateTable('products').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  await trx.deleteFrom('bundle_product').where('product_id', '=', id).execute();
  await recordEvents(trx, user, [{ product_id: id, client_id: p.client_id, action: `Artikel ${p.name} verwijderd` }]);
}

export async function setProductActive(trx: Trx, user: AuthUser, id: number, active: boolean) {
  const p = await productRow(trx, user, id);
  if (p.is_active === active) return;
  await trx.updateTable('products').set({ is_active: active, updated_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [{ product_id: id, client_id: p.client_id, action: active ? `Artikel ${p.name} geactiveerd` : `Artikel ${p.name} inactief gemaakt` }]);
}

export async function setProductPrice(trx: Trx, user: AuthUser, id: number, cents: number) {
  const p = await productRow(trx, user, id);
  await trx.updateTable('products').set({ price_cents: cents, updated_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [{ product_id: id, client_id: p.client_id, action: `Tarief van ${p.name} gewijzigd naar ${centsToPriceString(cents)}` }]);
}

export async function productGroups(db: Executor): Promise<ProductGroup[]> {
  return db.selectFrom('product_groups').select(['id', 'name']).orderBy('id').execute();
}

export async function productGroup(db: Executor, id: number): Promise<ProductGroup> {
  const g = await db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!g) throw notFound('Productgroep niet gevonden');
  return g;
}

/** Products of one client (customer page panels: active and inactive stock, prices); showAll=true gives every row. */
export async function productsOfClient(
  db: Executor, user: AuthUser, clientId: number, params: ListParams, active: boolean, basePath: string,
): Promise<Answer<Paged<ProductListRow>>> {
  await assertClientInScope(db, user, clientId);
  if (params.showAll) {
    const rows = await allProducts(db, user, params, { active, clientId });
    return pagedAnswer(rows, rows.length, { ...params, perPage: Math.max(1, rows.length), page: 1 }, basePath);
  }
  return listProducts(db, user, params, { active, clientId }, basePath);
}

/** Products with items in one project (the project must belong to a client the user sees). */
export async function productsOfProject(db: Executor, user: AuthUser, projectId: number): Promise<Answer<ProductListRow>[]> {
  const project = await db.selectFrom('projects').select(['id', 'client_id']).where('id', '=', projectId).executeTakeFirst();
  if (!project) throw notFound();
  await assertClientInScope(db, user, project.client_id);
  const params: ListParams = { search: '', filters: {}, sort: null, order: 'asc', page: 1, perPage: 20000, showAll: true };
  return allProducts(db, user, params, { active: true, projectId });
}
