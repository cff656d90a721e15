import { ClientType, PROVIDER_CLIENT_ID, clientTypeName } from '@domain/enums';
import { normalizePostcode } from '@domain/rules';
import {
  allowedParentTypes,
  centsToPrice,
  clientMsg,
  creatableClientTypes,
  priceToCents,
  type ClientCreateInput,
  type ClientUpdateInput,
  type MonthlyPaymentInput,
} from '@domain/schemas/clients';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError } from '../../http/errors';
import { clientScope } from '../../http/scope';
import './tables';
import { clientRow } from './detail';
import { recordEvents } from '../events';
import type { MonthlyPayment } from '@domain/contracts/clients';

async function checkParent(trx: Trx, user: AuthUser, typeId: number, parentId: number): Promise<void> {
  const parent = await trx
    .selectFrom('clients')
    .select(['id', 'client_type_id'])
    .where('id', '=', parentId)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .executeTakeFirst();
  if (!parent || !allowedParentTypes(typeId).includes(parent.client_type_id))
    throw ValidationError.field('parent_client_id', clientMsg.parentInvalid);
}

/** The parent when none was chosen: the provider for a reseller, else the user's own client when that fits. */
function defaultParent(user: AuthUser, typeId: number): number | undefined {
  if (typeId === ClientType.RESELLER) return PROVIDER_CLIENT_ID;
  return allowedParentTypes(typeId).includes(user.clientTypeId) ? user.clientId : undefined;
}

export async function createClient(trx: Trx, user: AuthUser, input: ClientCreateInput) {
  if (!creatableClientTypes(user.clientTypeId).includes(input.client_type_id))
    throw ValidationError.field('client_type_id', clientMsg.typeNotAllowed);
  const parentId = input.parent_client_id ?? defaultParent(user, input.client_type_id);
  if (parentId === undefined) throw ValidationError.field('parent_client_id', 'Dit veld is verplicht.');
  await checkParent(trx, user, input.client_type_id, parentId);
  const isEndCustomer = input.client_type_id === ClientType.EINDKLANT;
  const client = await trx
    .insertInto('clients')
    .values({
      name: input.name,
      client_type_id: input.client_type_id,
      parent_client_id: parentId,
      invoice_description: isEndCustomer ? (input.invoice_description ?? null) : null,
      invoice_reference: isEndCustomer ? (input.invoice_reference ?? null) : null,
      delivery_by_postnl: input.delivery_by_postnl ?? 0,
    })
    .returning(['id', 'name', 'client_type_id', 'parent_client_id', 'created_at'])
    .executeTakeFirstOrThrow();
  if (input.contacts.length) {
    const contacts = await trx
      .insertInto('contacts')
      .values(
        input.contacts.map((c) => ({
          client_id: client.id,
          first_name: c.first_name,
          last_name: c.last_name,
          title: c.title ?? null,
          phone: c.phone,
          email: c.email,
        })),
      )
      .returning('id')
      .execute();
    const [primary] = contacts;
    if (primary)
      await trx.updateTable('clients').set({ primary_contact_id: primary.id }).where('id', '=', client.id).execute();
  }
  if (input.addresses.length) {
    const visiting = Math.max(
      0,
      input.addresses.findIndex((a) => a.is_visiting),
    );
    await trx
      .insertInto('addresses')
      .values(
        input.addresses.map((a, i) => ({
          client_id: client.id,
          name: a.name ?? null,
          street: a.street,
          number: a.number,
          addition: a.addition ?? null,
          zipcode: normalizePostcode(a.zipcode),
          city: a.city,
          country: a.country || 'Nederland',
          is_visiting: i === visiting,
        })),
      )
      .execute();
  }
  await recordEvents(trx, user, [
    { client_id: client.id, action: `${clientTypeName(client.client_type_id)} aangemaakt` },
  ]);
  return client;
}

export async function updateClient(trx: Trx, user: AuthUser, id: number, input: ClientUpdateInput) {
  const client = await clientRow(trx, user, id);
  if (input.parent_client_id !== undefined && input.parent_client_id !== client.parent_client_id) {
    if (client.id === user.clientId || client.client_type_id === ClientType.PROVIDER)
      throw ValidationError.field('parent_client_id', clientMsg.parentInvalid);
    await checkParent(trx, user, client.client_type_id, input.parent_client_id);
  }
  if (input.primary_contact_id !== undefined) {
    const contact = await trx
      .selectFrom('contacts')
      .select('id')
      .where('id', '=', input.primary_contact_id)
      .where('client_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!contact) throw ValidationError.field('primary_contact_id', 'Kies een contactpersoon van deze klant.');
  }
  const isEndCustomer = client.client_type_id === ClientType.EINDKLANT;
  await trx
    .updateTable('clients')
    .set({
      name: input.name,
      ...(input.parent_client_id !== undefined ? { parent_client_id: input.parent_client_id } : {}),
      ...(input.primary_contact_id !== undefined ? { primary_contact_id: input.primary_contact_id } : {}),
      ...(isEndCustomer && input.invoice_description !== undefined
        ? { invoice_description: input.invoice_description || null }
        : {}),
      ...(isEndCustomer && input.invoice_reference !== undefined
        ? { invoice_reference: input.invoice_reference || null }
        : {}),
      ...(input.delivery_by_postnl !== undefined ? { delivery_by_postnl: input.delivery_by_postnl } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [{ client_id: id, action: `${clientTypeName(client.client_type_id)} gewijzigd` }]);
}

export async function deleteClient(trx: Trx, user: AuthUser, id: number) {
  const client = await clientRow(trx, user, id);
  if (client.id === user.clientId || client.id === PROVIDER_CLIENT_ID) throw new HttpError(409, clientMsg.ownClient);
  const child = await trx
    .selectFrom('clients')
    .select('id')
    .where('parent_client_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (child) throw new HttpError(409, clientMsg.hasChildren);
  await trx.updateTable('clients').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [{ client_id: id, action: `${clientTypeName(client.client_type_id)} verwijderd` }]);
}

/**
 * Replaces the fixed monthly amounts of a customer ('Vaste bedragen'). The client row is locked first,
 * so parallel saves replace the list one after the other instead of merging their lines.
 */
export async function saveMonthlyPayments(
  trx: Trx,
  user: AuthUser,
  id: number,
  input: MonthlyPaymentInput,
): Promise<MonthlyPayment[]> {
  await clientRow(trx, user, id);
  await trx.selectFrom('clients').select('id').where('id', '=', id).forUpdate().execute();
  await trx.deleteFrom('monthly_payments').where('client_id', '=', id).execute();
  if (input.monthlypayment.length) {
    await trx
      .insertInto('monthly_payments')
      .values(
        input.monthlypayment.map((m) => ({
          client_id: id,
          description: m.description,
          price_cents: priceToCents(m.price),
        })),
      )
      .execute();
  }
  await recordEvents(trx, user, [{ client_id: id, action: 'Vaste bedragen gewijzigd' }]);
  const rows = await trx
    .selectFrom('monthly_payments')
    .select(['id', 'description', 'price_cents'])
    .where('client_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((m) => ({
    id: m.id,
    description: m.description,
    price: centsToPrice(m.price_cents),
    price_cents: m.price_cents,
  }));
}
