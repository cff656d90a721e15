import { todayInAmsterdam } from '@domain/dates';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import type { MutationInput } from '@domain/schemas/stock';
import type { ItemMutationAnswer } from '@domain/contracts/stock';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { recordEvents } from '../events';
import { assertHolder } from './item-commands';
import { itemRow } from './item-detail';
import { statusOf } from './item-lists';
import { forbidden } from '../../http/errors';

/**
 * POST /items/{id}/mutation: the item changes hands. It goes to the chosen end user (status In gebruik)
 * or back to the end customer when the user is removed (status Voorraad klantlocatie). The change is
 * recorded as a MUTATIE delivery with the item as its one line, finished at once: nothing is shipped.
 */
export async function mutateItem(
  trx: Trx,
  user: AuthUser,
  id: number,
  input: MutationInput,
): Promise<Pick<ItemMutationAnswer, 'delivery_id'>> {
  const item = await itemRow(trx, user, id);
  const endCustomerId = item.product_client_id;
  let holderId = endCustomerId;
  let holderIsEndUser = false;
  if (!input.remove_client && input.new_user) {
    if (!user.permissions.has('Klant aanmaken')) throw forbidden();
    holderId = await createEndUser(trx, user, endCustomerId, input.new_user, input);
    holderIsEndUser = true;
  } else if (!input.remove_client && input.client_id != null) {
    const holder = await assertHolder(trx, user, endCustomerId, input.client_id);
    holderId = holder.id;
    holderIsEndUser = holder.client_type_id === ClientType.EINDGEBRUIKER;
  }
  const statusId = holderIsEndUser ? ItemStatus.IN_GEBRUIK : ItemStatus.VOORRAAD_KLANTLOCATIE;
  const now = new Date();
  const delivery = await trx
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.MUTATIE,
      client_id: holderId,
      user_id: user.id,
      carrier_id: Carrier.REUZADO,
      date: todayInAmsterdam(now),
      contact: input.contact ?? null,
      contact_email: input.contact_email,
      contact_phone: input.contact_phone,
      address: input.address ?? null,
      description: input.remove_client ? 'Eindgebruiker verwijderd' : null,
      completed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('delivery_products')
    .values({ delivery_id: delivery.id, product_id: item.product_id, item_id: id, is_pickup: 0, checked_out_at: now })
    .execute();
  await trx
    .updateTable('items')
    .set({
      client_id: holderId,
      status_id: statusId,
      address: input.address ?? item.address,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  const holder = await trx.selectFrom('clients').select('name').where('id', '=', holderId).executeTakeFirstOrThrow();
  await recordEvents(trx, user, [
    {
      item_id: id,
      product_id: item.product_id,
      client_id: holderId,
      delivery_id: delivery.id,
      status_id: statusId,
      action: input.remove_client
        ? `Mutatie: eindgebruiker verwijderd (${statusOf(statusId).name})`
        : `Mutatie: in gebruik door ${holder.name}`,
    },
  ]);
  return { delivery_id: delivery.id };
}

/** The end user made inline in a mutation: a client under the end customer with its contact. */
async function createEndUser(
  trx: Trx,
  user: AuthUser,
  endCustomerId: number,
  person: { first_name: string; last_name: string },
  input: MutationInput,
): Promise<number> {
  const name = `${person.first_name} ${person.last_name}`;
  const client = await trx
    .insertInto('clients')
    .values({ name, client_type_id: ClientType.EINDGEBRUIKER, parent_client_id: endCustomerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contact = await trx
    .insertInto('contacts')
    .values({
      client_id: client.id,
      first_name: person.first_name,
      last_name: person.last_name,
      email: input.contact_email,
      phone: input.contact_phone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('clients').set({ primary_contact_id: contact.id }).where('id', '=', client.id).execute();
  await recordEvents(trx, user, [{ client_id: client.id, action: `Eindgebruiker ${name} aangemaakt bij een mutatie` }]);
  return client.id;
}
