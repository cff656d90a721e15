import { sql } from 'kysely';
import { ItemStatus } from '@domain/enums';
import { ACCESSORY_GROUP_ID, stockMsg, type ItemCreateInput, type ItemUpdateInput } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, unlessTaken } from '../../http/errors';
import { whenSet } from '../../http/list-params';
import { clientScope } from '../../http/scope';
import { recordEvents } from '../events';
import { productRow } from './product-detail';
import { statusOf } from './item-lists';
import { itemRow } from './item-detail';

/** The unique index on live serials; it decides when two requests pass assertSerialFree at once. */
export const SERIAL_UNIQUE = 'items_serial_unique';

const serialTaken = () => ValidationError.field('serial', stockMsg.serialTaken);

async function assertSerialFree(db: Executor, serials: string[], field: (i: number) => string, exceptItemId?: number) {
  if (!serials.length) return;
  const taken = await db
    .selectFrom('items')
    .select(sql<string>`upper(serial)`.as('s'))
    .where('deleted_at', 'is', null)
    .where(
      sql`upper(serial)`,
      'in',
      serials.map((s) => s.toUpperCase()),
    )
    .$call(whenSet(exceptItemId, (q, id) => q.where('id', '<>', id)))
    .execute();
  const set = new Set(taken.map((t) => t.s));
  const errors: Record<string, string[]> = {};
  serials.forEach((s, i) => {
    if (set.has(s.toUpperCase())) errors[field(i)] = [stockMsg.serialTaken];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** POST /items: checked-in items of a product at its end customer; accessories may come as a quantity. */
export async function createItems(trx: Trx, user: AuthUser, input: ItemCreateInput) {
  const product = await productRow(trx, user, input.product_id).catch(() => {
    throw ValidationError.field('product_id', stockMsg.productUnknown);
  });
  const accessory = product.product_group_id === ACCESSORY_GROUP_ID;
  const serial = input.serial?.trim() || null;
  if (!serial && !accessory) throw ValidationError.field('serial', stockMsg.serialRequired);
  if (serial) await assertSerialFree(trx, [serial], () => 'serial');
  const count = serial ? 1 : input.quantity;
  const rows = await unlessTaken(SERIAL_UNIQUE, serialTaken, () =>
    trx
      .insertInto('items')
      .values(
        Array.from({ length: count }, () => ({
          product_id: product.id,
          client_id: product.client_id,
          status_id: ItemStatus.INGEKLAARD,
          serial,
          order_number: input.order_number ?? null,
          daas: input.daas,
          stock_owner: input.daas ? (input.stock_owner ?? null) : (input.stock_owner ?? null),
        })),
      )
      .returning('id')
      .execute(),
  );
  await recordEvents(
    trx,
    user,
    rows.map((r) => ({
      item_id: r.id,
      product_id: product.id,
      client_id: product.client_id,
      status_id: ItemStatus.INGEKLAARD,
      action: 'Item ingeklaard',
    })),
  );
  return rows.map((r) => r.id);
}

/** Status label: one of the manual statuses; the event carries the new status. */
export async function changeItemStatus(trx: Trx, user: AuthUser, id: number, statusId: number) {
  const item = await itemRow(trx, user, id);
  if (item.status_id === statusId) return;
  await trx.updateTable('items').set({ status_id: statusId, updated_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [
    {
      item_id: id,
      product_id: item.product_id,
      client_id: item.client_id,
      status_id: statusId,
      action: `Status gewijzigd naar ${statusOf(statusId).name}`,
    },
  ]);
}

/** 'In gebruik door' must be the article's end customer or one of its end users. */
export async function assertHolder(
  db: Executor,
  user: AuthUser,
  endCustomerId: number,
  clientId: number,
  field = 'client_id',
) {
  const c = await db
    .selectFrom('clients')
    .select(['id', 'client_type_id', 'parent_client_id'])
    .where('id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .executeTakeFirst();
  if (!c || (c.id !== endCustomerId && c.parent_client_id !== endCustomerId))
    throw ValidationError.field(field, stockMsg.inUseBy);
  return c;
}

/** Bewerken: the full update; the purchase date is locked once it has a value. */
export async function updateItem(trx: Trx, user: AuthUser, id: number, input: ItemUpdateInput) {
  const item = await itemRow(trx, user, id);
  if (item.date_in_use && (input.date_in_use ?? null) !== item.date_in_use)
    throw ValidationError.field('date_in_use', stockMsg.dateLocked);
  const serial = input.serial?.trim() || null;
  if (!serial && item.product_group_id !== ACCESSORY_GROUP_ID)
    throw ValidationError.field('serial', stockMsg.serialRequired);
  if (serial) await assertSerialFree(trx, [serial], () => 'serial', id);
  await assertHolder(trx, user, item.product_client_id, input.client_id);
  await unlessTaken(SERIAL_UNIQUE, serialTaken, () =>
    trx
      .updateTable('items')
      .set({
        serial,
        order_number: input.order_number ?? null,
        tag_number: input.tag_number ?? null,
        mac_address: input.mac_address ?? null,
        date_in_use: item.date_in_use ?? input.date_in_use ?? null,
        address: input.address ?? null,
        client_id: input.client_id,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute(),
  );
  await recordEvents(trx, user, [
    { item_id: id, product_id: item.product_id, client_id: input.client_id, action: 'Item gewijzigd' },
  ]);
}
