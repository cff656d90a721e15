import { sql } from 'kysely';

/**
 * How item statuses roll up into a product's columns (spec 2 §2.1):
 * Voorraad = INGEKLAARD, Op afroep = OP_AFROEP, Klantlocatie = VOORRAAD_KLANTLOCATIE, In gebruik = IN_GEBRUIK.
 * Every other status (uitgeklaard, repair statuses, EOL, in behandeling, vermist) counts only in
 * items_count, the total of live items that decides whether an article may be deleted.
 *
 * The columns are kept on the product row (migration 20261128T1800-product-item-counts) from
 * item_counts, its live items per status (migration 20261124T0500-item-counts), in the transaction of
 * every change of an item.
 */
export interface ProductCounts {
  items_in_stock: number;
  available_items: number;
  items_at_location: number;
  items_in_use: number;
  items_count: number;
}

export const countColumns = ['items_in_stock', 'available_items', 'items_at_location', 'items_in_use', 'items_count'] as const;

/** The count columns of a product row. */
export const countsOfRow = (p: ProductCounts): ProductCounts => ({
  items_in_stock: p.items_in_stock, available_items: p.available_items, items_at_location: p.items_at_location,
  items_in_use: p.items_in_use, items_count: p.items_count,
});

/** The number of live items of a product, as an expression for a statement's column. */
export const liveItemsOf = (productId: number) => sql<number>`(select p.items_count from products p where p.id = ${productId})`;

/** Sorting by a count column of the product row `p`. */
export const countSortExpression = (column: keyof ProductCounts) => sql.ref(`p.${column}`);
