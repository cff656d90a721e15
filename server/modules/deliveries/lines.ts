import { sql } from 'kysely';
import { ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { deliveryMsg, type DeliveryInput } from '@domain/schemas/deliveries';
import type { Executor } from '../../db/database';
import { whenSet } from '../../http/list-params';

/** A line to store: the article, the item when known, pick up or deliver. */
export interface PlannedLine {
  product_id: number;
  item_id: number | null;
  is_pickup: 0 | 1;
}

export type FieldErrors = Record<string, string[]>;

/** Statuses an item can be delivered from (checked in or on call-off). */
export const deliverableStatuses = [ItemStatus.INGEKLAARD, ItemStatus.OP_AFROEP];

/** Items on a pickup line of another open (not cancelled, not completed) delivery. */
export async function itemsOnOpenPickups(
  db: Executor,
  itemIds: number[],
  exceptDeliveryId: number | null,
): Promise<Set<number>> {
  if (!itemIds.length) return new Set();
  const rows = await db
    .selectFrom('delivery_products as dp')
    .innerJoin('deliveries as d', 'd.id', 'dp.delivery_id')
    .select('dp.item_id')
    .where('dp.item_id', 'in', itemIds)
    .where('dp.is_pickup', '=', 1)
    .where('d.is_cancelled', '=', false)
    .where('d.completed_at', 'is', null)
    .where('d.deleted_at', 'is', null)
    .$call(whenSet(exceptDeliveryId, (q, id) => q.where('d.id', '!=', id)))
    .execute();
  return new Set(rows.flatMap((r) => (r.item_id === null ? [] : [r.item_id])));
}

/**
 * Turns the requested lines into lines to store, per type (spec 2 §5), checking every article, item
 * and bundle against the end customer. Field errors use the request's dotted names (products.0.item_id).
 */
export async function planLines(
  db: Executor,
  input: DeliveryInput,
  client: { id: number; client_type_id: number },
  endCustomerId: number,
  deliveryId: number | null,
): Promise<{ lines: PlannedLine[]; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const type = input.delivery_type_id;
  let requested = input.products;

  if (type === DeliveryType.EXTRA_PRODUCTEN && input.bundle_id !== null) {
    const bundle = await db
      .selectFrom('bundles')
      .select(['id', 'client_id'])
      .where('id', '=', input.bundle_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!bundle || bundle.client_id !== endCustomerId) {
      errors.bundle_id = [deliveryMsg.bundleOther];
      return { lines: [], errors };
    }
    const inBundle = (
      await db.selectFrom('bundle_product').select('product_id').where('bundle_id', '=', bundle.id).execute()
    ).map((r) => r.product_id);
    if (!requested.length)
      requested = inBundle.map((product_id) => ({ product_id, item_id: null, is_pickup: 0 as const, amount: 1 }));
    requested.forEach((l, i) => {
      if (l.product_id !== null && !inBundle.includes(l.product_id))
        errors[`products.${i}.product_id`] = [deliveryMsg.productNotInBundle];
    });
    if (!requested.length) errors.bundle_id = [deliveryMsg.productsRequired];
  }

  if (type === DeliveryType.UITDIENST && !requested.length) {
    // A resignation without a choice picks up everything the end user holds.
    const held = await db
      .selectFrom('items')
      .select(['id', 'product_id'])
      .where('client_id', '=', client.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    const busy = await itemsOnOpenPickups(
      db,
      held.map((h) => h.id),
      deliveryId,
    );
    requested = held
      .filter((h) => !busy.has(h.id))
      .map((h) => ({ product_id: h.product_id, item_id: h.id, is_pickup: 1 as const, amount: 1 }));
  }

  const itemIds = requested.map((l) => l.item_id).filter((x): x is number => x !== null);
  const items = new Map(
    (itemIds.length
      ? await db
          .selectFrom('items as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .innerJoin('clients as c', 'c.id', 'i.client_id')
          .select([
            'i.id',
            'i.product_id',
            'i.client_id',
            'i.status_id',
            'p.client_id as owner_id',
            'c.parent_client_id',
          ])
          .where('i.id', 'in', itemIds)
          .where('i.deleted_at', 'is', null)
          .execute()
      : []
    ).map((r) => [r.id, r]),
  );
  const productIds = requested.map((l) => l.product_id).filter((x): x is number => x !== null);
  const products = new Map(
    (productIds.length
      ? await db
          .selectFrom('products')
          .select(['id', 'client_id'])
          .where('id', 'in', productIds)
          .where('deleted_at', 'is', null)
          .execute()
      : []
    ).map((r) => [r.id, r]),
  );
  const busy = await itemsOnOpenPickups(db, itemIds, deliveryId);

  const pickupAllowed = ([DeliveryType.REPARATIE, DeliveryType.UITDIENST, DeliveryType.EOL_SWAP] as number[]).includes(
    type,
  );
  const seenItems = new Set<number>();
  const seenProducts = new Set<number>();
  const lines: PlannedLine[] = [];
  requested.forEach((l, i) => {
    const at = (field: string) => `products.${i}.${field}`;
    const pickup = pickupAllowed && l.is_pickup === 1;
    if (l.item_id !== null) {
      const item = items.get(l.item_id);
      // The item must be the end customer's: at its location or with one of its end users.
      if (!item || item.owner_id !== endCustomerId) return void (errors[at('item_id')] = [deliveryMsg.itemOther]);
      if (seenItems.has(item.id)) return void (errors[at('item_id')] = [deliveryMsg.itemTwice]);
      seenItems.add(item.id);
      if (pickup) {
        const heldHere =
          item.client_id === client.id ||
          (client.client_type_id === ClientType.EINDKLANT && item.parent_client_id === client.id);
        if (!heldHere) return void (errors[at('item_id')] = [deliveryMsg.itemOther]);
        if (busy.has(item.id)) return void (errors[at('item_id')] = [deliveryMsg.itemOnOpenDelivery]);
      } else if (!(deliverableStatuses as number[]).includes(item.status_id)) {
        return void (errors[at('item_id')] = [deliveryMsg.itemNotAvailable]);
      }
      lines.push({ product_id: item.product_id, item_id: item.id, is_pickup: pickup ? 1 : 0 });
      return;
    }
    if (pickup) return void (errors[at('item_id')] = [deliveryMsg.itemRequired]);
    if (l.product_id === null) return void (errors[at('product_id')] = [deliveryMsg.itemRequired]);
    const product = products.get(l.product_id);
    if (!product || product.client_id !== endCustomerId)
      return void (errors[at('product_id')] = [deliveryMsg.productOther]);
    if (type === DeliveryType.BULK_LEVERING && seenProducts.has(product.id))
      return void (errors[at('product_id')] = [deliveryMsg.productTwice]);
    seenProducts.add(product.id);
    for (let k = 0; k < l.amount; k++) lines.push({ product_id: product.id, item_id: null, is_pickup: 0 });
  });

  if (!Object.keys(errors).length && !lines.length) {
    errors.products = [
      type === DeliveryType.INDIENST
        ? deliveryMsg.stockRequired
        : type === DeliveryType.REPARATIE
          ? deliveryMsg.defectRequired
          : type === DeliveryType.EOL_SWAP
            ? deliveryMsg.eolRequired
            : deliveryMsg.productsRequired,
    ];
  }
  // Repair and EOL swap need at least one item to pick up (the defect or EOL item).
  if (
    (type === DeliveryType.REPARATIE || type === DeliveryType.EOL_SWAP) &&
    !Object.keys(errors).length &&
    !lines.some((l) => l.is_pickup === 1)
  ) {
    errors.products = [type === DeliveryType.REPARATIE ? deliveryMsg.defectRequired : deliveryMsg.eolRequired];
  }
  return { lines, errors };
}

/** Per article: items that can be delivered, and how many are already on order on open delivery lines. */
export async function availability(
  db: Executor,
  productIds: number[],
): Promise<Map<number, { available: number; on_order: number }>> {
  const map = new Map<number, { available: number; on_order: number }>();
  if (!productIds.length) return map;
  for (const id of productIds) map.set(id, { available: 0, on_order: 0 });
  const [stock, open] = await Promise.all([
    // Live items per product and status, kept by triggers (migration 20261124T0500).
    db
      .selectFrom('item_counts')
      .select(['product_id', sql<number>`sum(n)::int`.as('n')])
      .where('product_id', 'in', productIds)
      .where('status_id', 'in', deliverableStatuses)
      .groupBy('product_id')
      .execute(),
    db
      .selectFrom('delivery_products as dp')
      .innerJoin('deliveries as d', 'd.id', 'dp.delivery_id')
      .select(['dp.product_id', sql<number>`count(*)::int`.as('n')])
      .where('dp.product_id', 'in', productIds)
      .where('dp.is_pickup', '=', 0)
      .where('dp.checked_out_at', 'is', null)
      .where('d.is_cancelled', '=', false)
      .where('d.completed_at', 'is', null)
      .where('d.deleted_at', 'is', null)
      .groupBy('dp.product_id')
      .execute(),
  ]);
  for (const r of stock) {
    const counts = map.get(r.product_id);
    if (counts) counts.available = r.n;
  }
  for (const r of open) {
    const counts = map.get(r.product_id);
    if (counts) counts.on_order = r.n;
  }
  return map;
}
