import type { NotNull } from 'kysely';
import { DeliveryType, ItemStatus } from '@domain/enums';
import { deliveryMsg, deliveryToast } from '@domain/schemas/deliveries';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { recordEvents, type ActivityEvent } from '../events';
import { deliveryLines } from './detail';
import { itemsOnOpenPickups } from './lines';
import { deliveryInScope, deliveryTypeName } from './rows';
import { allowedActions } from './state';
import { refuse, setRepairStatus } from './commands';

const pickupItems = async (trx: Trx, id: number) =>
  (
    await trx
      .selectFrom('delivery_products')
      .select('item_id')
      .where('delivery_id', '=', id)
      .where('is_pickup', '=', 1)
      .where('item_id', 'is not', null)
      .where('checked_out_at', 'is', null)
      .$narrowType<{ item_id: NotNull }>()
      .execute()
  ).map((r) => r.item_id);

/** POST /delivery/cancel: only when not finished, or a resignation without completion (spec 2 §4). */
export async function cancelDelivery(trx: Trx, user: AuthUser, id: number): Promise<void> {
  const d = await deliveryInScope(trx, user, id, true);
  if (d.is_cancelled) throw refuse(deliveryToast.cancelFailed, 'id', deliveryMsg.alreadyCancelled);
  if (!allowedActions(d, await deliveryLines(trx, id)).cancel)
    throw refuse(deliveryToast.cancelFailed, 'id', deliveryMsg.cannotCancel);
  await trx
    .updateTable('deliveries')
    .set({ is_cancelled: true, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  const events: ActivityEvent[] = [
    { delivery_id: id, client_id: d.client_id, action: `${deliveryTypeName(d.delivery_type_id)} geannuleerd` },
  ];
  await recordEvents(trx, user, events);
  if (d.delivery_type_id === DeliveryType.REPARATIE)
    await setRepairStatus(trx, user, id, await pickupItems(trx, id), false);
}

/** POST /delivery/reopen-cancelled-delivery ('Toch leveren'): a cancelled delivery is open again. */
export async function reopenDelivery(trx: Trx, user: AuthUser, id: number): Promise<void> {
  const d = await deliveryInScope(trx, user, id, true);
  if (!d.is_cancelled) throw refuse(deliveryToast.reopenFailed, 'id', deliveryMsg.notCancelled);
  const items = await pickupItems(trx, id);
  if ((await itemsOnOpenPickups(trx, items, id)).size)
    throw refuse(deliveryToast.reopenFailed, 'products', deliveryMsg.itemOnOpenDelivery);
  await trx
    .updateTable('deliveries')
    .set({ is_cancelled: false, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [
    { delivery_id: id, client_id: d.client_id, action: `${deliveryTypeName(d.delivery_type_id)} heropend` },
  ]);
  if (d.delivery_type_id === DeliveryType.REPARATIE) {
    const inUse = (
      await trx
        .selectFrom('items')
        .select('id')
        .where('id', 'in', items.length ? items : [0])
        .where('status_id', '=', ItemStatus.IN_GEBRUIK)
        .execute()
    ).map((r) => r.id);
    await setRepairStatus(trx, user, id, inUse, true);
  }
}

/** POST /delivery/delete: only a cancelled delivery; it leaves the lists (soft delete). */
export async function deleteDelivery(trx: Trx, user: AuthUser, id: number): Promise<void> {
  const d = await deliveryInScope(trx, user, id, true);
  if (!d.is_cancelled) throw refuse(deliveryToast.deleteFailed, 'id', deliveryMsg.notCancelled);
  await trx
    .updateTable('deliveries')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [
    { delivery_id: id, client_id: d.client_id, action: `${deliveryTypeName(d.delivery_type_id)} verwijderd` },
  ]);
}
