import { sql } from 'kysely';
import { ItemStatus } from '../../../src/domain/enums';
import type { Executor } from '../../db/database';

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

/** One grouped, index-only pass over the live items of the given products only (the page's ids). */
export async function countsFor(db: Executor, productIds: number[]): Promise<Map<number, ProductCounts>> {
  const map = new Map<number, ProductCounts>();
  if (!productIds.length) return map;
  const rows = await db
    .selectFrom('items')
    .select([
      'product_id',
      sql<number>`count(*) filter (where status_id = ${sql.lit(ItemStatus.INGEKLAARD)})`.as('items_in_stock'),
      sql<number>`count(*) filter (where status_id = ${sql.lit(ItemStatus.OP_AFROEP)})`.as('available_items'),
      sql<number>`count(*) filter (where status_id = ${sql.lit(ItemStatus.VOORRAAD_KLANTLOCATIE)})`.as('items_at_location'),
      sql<number>`count(*) filter (where status_id = ${sql.lit(ItemStatus.IN_GEBRUIK)})`.as('items_in_use'),
      sql<number>`count(*)`.as('items_count'),
    ])
    .where('product_id', 'in', productIds)
    .where('deleted_at', 'is', null)
    .groupBy('product_id')
    .execute();
  for (const r of rows) {
    map.set(r.product_id, {
      items_in_stock: Number(r.items_in_stock), available_items: Number(r.available_items), items_at_location: Number(r.items_at_location),
      items_in_use: Number(r.items_in_use), items_count: Number(r.items_count),
    });
  }
  return map;
}

export async function countsOf(db: Executor, productId: number): Promise<ProductCounts> {
  return (await countsFor(db, [productId])).get(productId) ?? { ...emptyCounts };
}

/** Sorting by a count column: a correlated count per product (slower than the page counts; only when asked). */
export function countSortExpression(column: keyof ProductCounts) {
  const status = { items_in_stock: ItemStatus.INGEKLAARD, available_items: ItemStatus.OP_AFROEP, items_at_location: ItemStatus.VOORRAAD_KLANTLOCATIE, items_in_use: ItemStatus.IN_GEBRUIK, items_count: null }[column];
  return status == null
    ? sql`(select count(*) from items i where i.product_id = p.id and i.deleted_at is null)`
    : sql`(select count(*) from items i where i.product_id = p.id and i.status_id = ${sql.lit(status)} and i.deleted_at is null)`;
}
