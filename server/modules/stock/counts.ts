import { sql, type QueryCreator } from 'kysely';
import { ItemStatus } from '@domain/enums';
import type { Database, Executor } from '../../db/database';

/**
 * How item statuses roll up into a product's columns (spec 2 §2.1):
 * Voorraad = INGEKLAARD, Op afroep = OP_AFROEP, Klantlocatie = VOORRAAD_KLANTLOCATIE, In gebruik = IN_GEBRUIK.
 * Every other status (uitgeklaard, repair statuses, EOL, in behandeling, vermist) counts only in
 * items_count, the total of live items that decides whether an article may be deleted.
 */
export interface ProductCounts {
  items_in_stock: number;
  available_items: number;
  items_at_location: number;
  items_in_use: number;
  items_count: number;
}

export const emptyCounts: ProductCounts = { items_in_stock: 0, available_items: 0, items_at_location: 0, items_in_use: 0, items_count: 0 };

/** The list's count columns summed over rows of item_counts. */
const countColumns = () => {
  const of = (status: number) => sql<string>`coalesce(sum(n) filter (where status_id = ${sql.lit(status)}), 0)`;
  return [
    of(ItemStatus.INGEKLAARD).as('items_in_stock'),
    of(ItemStatus.OP_AFROEP).as('available_items'),
    of(ItemStatus.VOORRAAD_KLANTLOCATIE).as('items_at_location'),
    of(ItemStatus.IN_GEBRUIK).as('items_in_use'),
    sql<string>`sum(n)`.as('items_count'),
  ];
};

/**
 * The given products' rows of item_counts (migration 20261124T0500: live items per product and status,
 * kept exact by triggers) summed into the list's columns, one row per product with live items or
 * once had them: a few index entries per product instead of a pass over its items. A subquery, to join
 * on `product_id`; the ids are one array parameter, so the statement's text is the same for any page.
 */
export function countsOfProducts(db: Executor, productIds: number[]) {
  return db
    .selectFrom('item_counts')
    .select(['product_id', ...countColumns()])
    .where('product_id', '=', sql<number>`any(${productIds}::int[])`)
    .groupBy('product_id');
}

/** The counts of the product whose id `productId` names, to join laterally on a list's rows (one row; nulls without live items). */
export function countsOfProduct(db: QueryCreator<Database>, productId: string) {
  return db.selectFrom('item_counts').select(countColumns()).where('product_id', '=', sql.ref<number>(productId));
}

type CountColumns = { [K in keyof ProductCounts]: string | number | null };

/** The counts of a row that joined countsOfProducts (null columns: the product has no live items). */
export const countsOfRow = (r: CountColumns): ProductCounts => ({
  items_in_stock: Number(r.items_in_stock ?? 0), available_items: Number(r.available_items ?? 0), items_at_location: Number(r.items_at_location ?? 0),
  items_in_use: Number(r.items_in_use ?? 0), items_count: Number(r.items_count ?? 0),
});

/** The counts of the given products; a product without live items is absent from the map. */
export async function countsFor(db: Executor, productIds: number[]): Promise<Map<number, ProductCounts>> {
  if (!productIds.length) return new Map();
  const rows = await countsOfProducts(db, productIds).having(sql`sum(n)`, '>', 0).execute();
  return new Map(rows.map((r) => [r.product_id, countsOfRow(r)]));
}

/** The number of live items of a product, as an expression for a statement's column. */
export const liveItemsOf = (productId: number) =>
  sql<number>`(select coalesce(sum(ic.n), 0)::int from item_counts ic where ic.product_id = ${productId})`;

export async function countsOf(db: Executor, productId: number): Promise<ProductCounts> {
  return (await countsFor(db, [productId])).get(productId) ?? { ...emptyCounts };
}

/** Sorting by a count column: a correlated lookup in item_counts per product (only when asked). */
export function countSortExpression(column: keyof ProductCounts) {
  const status = { items_in_stock: ItemStatus.INGEKLAARD, available_items: ItemStatus.OP_AFROEP, items_at_location: ItemStatus.VOORRAAD_KLANTLOCATIE, items_in_use: ItemStatus.IN_GEBRUIK, items_count: null }[column];
  return status == null
    ? sql`(select coalesce(sum(k.n), 0) from item_counts k where k.product_id = p.id)`
    : sql`coalesce((select k.n from item_counts k where k.product_id = p.id and k.status_id = ${sql.lit(status)}), 0)`;
}
