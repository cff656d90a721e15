import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { ClientType, stockFilterOptions } from '@domain/enums';
import { msg } from '@domain/schemas/common';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError } from '../../http/errors';
import { containsTerm, numericFilter, startsWithTerm, type ListParams } from '../../http/paging';
import { lineageScope } from '../../http/scope';

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
  const has = (column: string) => containsTerm(sql.ref(column), search, { opaque: true });
  return sql<number>`select sp.id from products sp where ${containsTerm(sql.ref('sp.name_search'), search, { lowered: true, opaque: true })}
    union select sp.id from products sp where ${has('sp.article_number')}
    union select sp.id from products sp where sp.client_id in (select sc.id from clients sc where ${has('sc.name')})
    union select sp.id from products sp join clients sc on sc.id = sp.client_id
      where sp.reseller_id in (select sr.id from clients sr where sr.client_type_id = ${sql.lit(ClientType.RESELLER)} and ${has('sr.name')})
        and sc.parent_client_id = sp.reseller_id
    union select si.product_id from items si where si.deleted_at is null and ${startsWithTerm(sql.ref('si.serial'), search, { opaque: true })}
    union select si.product_id from items si where si.deleted_at is null and ${startsWithTerm(sql.ref('si.order_number'), search, { opaque: true })}`;
}

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

/** Products with their end customer `c` and its reseller `r`. */
export function productsJoined(db: QueryCreator<Database>) {
  return db
    .selectFrom('products as p')
    // A left join on the not-null key gives the same rows as an inner join.
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .leftJoin('clients as r', (j) => j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', sql.lit(ClientType.RESELLER)));
}

/**
 * The products the user may see with the filters and search of spec 2 §2.1, without columns. The end
 * customer `c` and its reseller `r` are joined only with `joinClients` (for the columns, or a sort on
 * their names): every filter reads the product's own row, and without the joins a page's ids come
 * from an index alone (PostgreSQL still reads each product for the key of a join it then drops).
 * The builder is typed as joined either way; without the joins nothing may read `c` or `r`.
 */
export function filteredProducts(db: QueryCreator<Database>, user: AuthUser, params: ListParams, filter: ProductFilter, joinClients: boolean) {
  const client = filter.clientId ?? numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const reseller = numericFilter(params, 'reseller') ?? numericFilter(params, 'reseller_id');
  const group = numericFilter(params, 'product_group') ?? numericFilter(params, 'product_group_id');
  const stock = stockFilter(params);
  const { projectId } = filter;
  const { search } = params;
  const base = joinClients ? productsJoined(db) : db.selectFrom('products as p') as unknown as ReturnType<typeof productsJoined>;
  let query = base
    .where('p.deleted_at', 'is', null)
    // A literal, not a parameter: the generic plan of the named statement can then use the partial
    // index of the active products (products_active_name_search).
    .where('p.is_active', '=', sql.lit(filter.active))
    // The row's lineage (migration 20261126T0100-client-lineage): a reseller's products are one range
    // of products_reseller_active_name, in list order, and their count a count of its entries.
    .where(lineageScope(user, 'p'));
  if (client != null) query = query.where('p.client_id', '=', client);
  if (reseller != null) query = query.where('p.reseller_id', '=', reseller);
  if (group != null) query = query.where('p.product_group_id', '=', group);
  if (stock != null) {
    query = query.where((eb) => eb.exists(
      eb.selectFrom('items as fi').select('fi.id').whereRef('fi.product_id', '=', 'p.id').where('fi.status_id', '=', stock).where('fi.deleted_at', 'is', null),
    ));
  }
  if (projectId != null) {
    query = query.where((eb) => eb.exists(
      eb.selectFrom('items as pi').select('pi.id').whereRef('pi.product_id', '=', 'p.id').where('pi.project_id', '=', projectId).where('pi.deleted_at', 'is', null),
    ));
  }
  // An array, not IN: PostgreSQL then fetches the few found products by key and sorts them, where IN
  // made it walk the name index and compare every product with the whole set.
  return search === '' ? query : query.where(sql<SqlBool>`p.id = any(array(${productSearchIds(search)}))`);
}
