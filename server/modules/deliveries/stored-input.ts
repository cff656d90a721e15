import type { DeliveryRow } from './rows';
import type { LineRow } from './detail';

/** A stored delivery in the request's shape, so an edit may send only what changes. */
export function storedInput(d: DeliveryRow, lines: LineRow[]): Record<string, unknown> {
  const products: { product_id: number; item_id: number | null; is_pickup: number; amount: number }[] = [];
  for (const l of lines) {
    // A checked-out line to deliver counts as its article (the item it got at check-out is no choice to repeat).
    const itemId = l.checked_out_at && l.is_pickup === 0 ? null : l.item_id;
    const same =
      itemId === null
        ? products.find((p) => p.item_id === null && p.product_id === l.product_id && p.is_pickup === l.is_pickup)
        : undefined;
    if (same) same.amount += 1;
    else products.push({ product_id: l.product_id, item_id: itemId, is_pickup: l.is_pickup, amount: 1 });
  }
  return {
    delivery_type_id: d.delivery_type_id,
    client_id: d.client_id,
    project_id: d.project_id,
    description: d.description,
    w_number: d.w_number,
    address: d.address,
    carrier_id: d.carrier_id,
    date: d.date,
    order_number: d.order_number,
    your_reference: d.your_reference,
    contact: d.contact,
    contact_email: d.contact_email,
    contact_phone: d.contact_phone,
    products,
  };
}
