import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { stockFilterOptions } from '@domain/enums';
import { msg } from '@domain/schemas/common';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError } from '../../http/errors';
import { containsTerm, startsWithTerm, type TermValues } from '../../http/search-terms';
import { numericFilter, type ListParams } from '../../http/list-params';
import { lineageScope } from '../../http/scope';

/**
 * What a search finds (spec 2 §2.1: name, article number, end customer, reseller, serial and order
 * number), as one condition on the product's row whose every arm an index serves: the trigram indexes
 * of the name and of the end customer's and reseller's names the product row holds (migration
 * 20261127T1900-product-client-names; the reseller is the one the list shows, the end customer's
 * parent), of the article number, and the upper() prefix indexes of the items' serials and order
 * numbers, whose products come as an array. Every value is behind a scalar subquery (paging.ts
 * `opaqueText`): the plan serves any value, so PostgreSQL keeps one generic plan for the search
 * instead of planning its arms on every call.
 */
function searchMatches(term: TermValues): RawBuilder<SqlBool> {
  const contains = (column: string, lowered = true) => containsTerm(sql.ref(column), term, { lowered, opaque: true });
  const startsWith = (column: string) => startsWithTerm(sql.ref(column), term, { opaque: true });
  // The arms in the order PostgreSQL tests them on every row the indexes found: the lowercased names first
  // (a plain LIKE), the article number's ILIKE (which lowercases the row and the pattern on every call) after.
  // `union all`: the array may repeat an id. A `union` had PostgreSQL build a hash table sized for its
  // estimate of the items found (10,000 ids, 409 kB) on every call, fresh memory from the kernel each time.
  return sql<SqlBool>`(${contains('sp.name_search')} or ${contains('sp.client_name_search')} or
    ${contains('sp.reseller_name_search')}
    or ${contains('sp.article_number', false)}
    or sp.id = any(array(select si.product_id from items si where si.deleted_at is null and ${startsWith('si.serial')}
      union all select si.product_id from items si where si.deleted_at is null and ${startsWith('si.order_number')})))`;
}

const plainProducts = (db: QueryCreator<Database>) => db.selectFrom('products as p');
type ProductsFrom = ReturnType<typeof plainProducts>;

/**
 * The products a search finds, as `p`: one bitmap scan over the indexes of `searchMatches`, behind
 * `offset 0` so that the list's filters and order are applied to what it found. Without that fence the
 * generic plan, which cannot know how many products a term finds, walked the name index in list order
 * and tested every product against the search: 20-35 ms for any term on 10,000 products.
 */
function productsFound(db: QueryCreator<Database>, term: TermValues): ProductsFrom {
  const found = db.selectFrom('products as sp').selectAll('sp').where(searchMatches(term)).offset(sql.lit(0));
  return db.selectFrom(found.as('p')) as unknown as ProductsFrom;
}

export interface ProductFilter {
  active: boolean;
  clientId?: number | null;
  projectId?: number | null;
}

/** `filters[stock]`: one of the 'Alle voorraad' options (an item status id), else a 422. */
function stockFilter(params: ListParams): number | null {
  const status = numericFilter(params, 'stock');
  if (status != null && !stockFilterOptions.some((o) => o.id === status))
    throw ValidationError.field('filters[stock]', msg.invalidId);
  return status;
}

/**
 * The products the user may see with the filters and search of spec 2 §2.1, without columns. Every
 * filter reads the product's own row, so a page's ids come from an index alone. The search is read
 * from `term` only (paging.ts `searchTerm`), so a statement can be built with markers for its values.
 */
export function filteredProducts(
  db: QueryCreator<Database>,
  user: AuthUser,
  params: ListParams,
  filter: ProductFilter,
  term: TermValues | null,
) {
  const client = filter.clientId ?? numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const reseller = numericFilter(params, 'reseller') ?? numericFilter(params, 'reseller_id');
  const group = numericFilter(params, 'product_group') ?? numericFilter(params, 'product_group_id');
  const stock = stockFilter(params);
  const { projectId } = filter;
  let query = (term === null ? plainProducts(db) : productsFound(db, term))
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
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('items as fi')
          .select('fi.id')
          .whereRef('fi.product_id', '=', 'p.id')
          .where('fi.status_id', '=', stock)
          .where('fi.deleted_at', 'is', null),
      ),
    );
  }
  if (projectId != null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('items as pi')
          .select('pi.id')
          .whereRef('pi.product_id', '=', 'p.id')
          .where('pi.project_id', '=', projectId)
          .where('pi.deleted_at', 'is', null),
      ),
    );
  }
  return query;
}
