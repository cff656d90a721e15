import { DeliveryType } from '@domain/enums';
import type { Executor, Trx } from '../../db/database';
import type { ActivityEvent } from '../events';
import type { LineRow } from './detail';
import type { DeliveryRow } from './rows';
import { countNoun } from '@domain/format';

/**
 * The type a backorder's pickups are finished as: the type of the delivery the chain of backorders
 * started from (a repair's defect item is received for repair, an EOL item becomes EOL).
 */
export async function originType(
  db: Executor,
  d: Pick<DeliveryRow, 'delivery_type_id' | 'backorder_of_id'>,
): Promise<number> {
  let type = d.delivery_type_id;
  let parent = d.backorder_of_id;
  for (let hops = 0; type === DeliveryType.BACKORDER && parent !== null && hops < 50; hops++) {
    const row = await db
      .selectFrom('deliveries')
      .select(['delivery_type_id', 'backorder_of_id'])
      .where('id', '=', parent)
      .executeTakeFirst();
    if (!row) break;
    type = row.delivery_type_id;
    parent = row.backorder_of_id;
  }
  return type;
}

/**
 * The lines not ticked at a finish (spec 2 §4): on the finished delivery they stay as its Backorder
 * section, without the item a deliver line had (that item went back into stock, so the delivery no
 * longer names its serial); a new backorder delivery (type 7) for the same recipient carries them
 * on, to be checked out and finished like any delivery. A deliver line keeps the item it was planned
 * with only when that item was never checked out; a pickup keeps its item. Returns the new id.
 */
export async function createBackorder(
  trx: Trx,
  d: DeliveryRow,
  open: LineRow[],
  now: Date,
  events: ActivityEvent[],
): Promise<number | null> {
  if (!open.length) return null;
  await trx
    .updateTable('delivery_products')
    .set({ is_backorder: true, checked_out_at: null })
    .where(
      'id',
      'in',
      open.map((l) => l.id),
    )
    .execute();
  const released = open.filter((l) => l.is_pickup === 0 && l.item_id !== null).map((l) => l.id);
  if (released.length)
    await trx.updateTable('delivery_products').set({ item_id: null }).where('id', 'in', released).execute();

  const { id } = await trx
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.BACKORDER,
      backorder_of_id: d.id,
      client_id: d.client_id,
      project_id: d.project_id,
      user_id: d.user_id,
      carrier_id: d.carrier_id,
      order_number: d.order_number,
      your_reference: d.your_reference,
      w_number: d.w_number,
      date: d.date,
      contact: d.contact,
      contact_email: d.contact_email,
      contact_phone: d.contact_phone,
      address: d.address,
      description: d.description,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('delivery_products')
    .values(
      open.map((l) => ({
        delivery_id: id,
        product_id: l.product_id,
        is_pickup: l.is_pickup,
        item_id: l.is_pickup === 1 || !l.checked_out_at ? l.item_id : null,
      })),
    )
    .execute();
  const label = d.order_number ? ` ${d.order_number}` : '';
  events.push(
    {
      delivery_id: d.id,
      client_id: d.client_id,
      action: `Backorder${label} aangemaakt (${countNoun(open.length, 'artikel', 'artikelen')})`,
    },
    { delivery_id: id, client_id: d.client_id, action: 'Backorder aangemaakt' },
  );
  return id;
}
