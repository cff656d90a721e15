import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * How item statuses roll up into a product's columns (spec 2 §2.1):
 * Voorraad = INGEKLAARD, Op afroep = OP_AFROEP, Klantlocatie = VOORRAAD_KLANTLOCATIE, In gebruik = IN_GEBRUIK.
 * Every other status (uitgeklaard, repair statuses, EOL, in behandeling, vermist) counts only in
 * items_count, the total of live items that decides whether an article may be deleted.
 *
 * product_item_totals holds them per product (migration 20261128T1800-product-item-counts), kept by
 * triggers on items in the transaction of every change; a product without a row has no live items.
 */
export interface ProductCounts {
  items_in_stock: number;
  available_items: number;
  items_at_location: number;
  items_in_use: number;
  items_count: number;
}

export const countColumns = [
  'items_in_stock',
  'available_items',
  'items_at_location',
  'items_in_use',
  'items_count',
] as const;

export const emptyCounts: ProductCounts = {
  items_in_stock: 0,
  available_items: 0,
  items_at_location: 0,
  items_in_use: 0,
  items_count: 0,
};

/** The count columns of a row joined with product_item_totals as `k` (0 where it has no row). */
export const countSelections = () => countColumns.map((c) => sql<number>`coalesce(${sql.ref(`k.${c}`)}, 0)`.as(c));

/** The count columns of a row that selected countSelections. */
export const countsOfRow = (p: ProductCounts): ProductCounts => ({
  items_in_stock: p.items_in_stock,
  available_items: p.available_items,
  items_at_location: p.items_at_location,
  items_in_use: p.items_in_use,
  items_count: p.items_count,
});

export async function countsOf(db: Executor, productId: number): Promise<ProductCounts> {
  const row = await db
    .selectFrom('product_item_totals')
    .select(countColumns)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ?? { ...emptyCounts };
}

/** The number of live items of a product, as an expression for a statement's column. */
export const liveItemsOf = (productId: number) =>
  sql<number>`coalesce((select t.items_count from product_item_totals t where t.product_id = ${productId}), 0)`;

/** Sorting by a count column: a lookup in product_item_totals per product (only when asked). */
export const countSortExpression = (column: keyof ProductCounts) =>
  sql`coalesce((select ${sql.ref(`t.${column}`)} from product_item_totals t where t.product_id = p.id), 0)`;
