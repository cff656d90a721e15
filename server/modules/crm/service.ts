import {
  ClientType,
  DeliveryType,
  PROVIDER_CLIENT_ID,
  clientTypeName,
  itemStatusNames,
  type ItemStatusId,
} from '@domain/enums';
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
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { assertClientInScope, clientScope } from '../../http/scope';
import { detailParts } from './detail-parts';
import { stockOfClient } from '../stock';
import './tables';
import { recordEvents } from '../events';
import type { Answer } from '../../http/route-schema';
import type {
  ChildDetail,
  ClientDetail,
  ClientEvent,
  ClientFormData,
  ClientOption,
  MonthlyPayment,
} from '@domain/contracts/clients';

const addressColumns = [
  'id',
  'client_id',
  'name',
  'street',
  'number',
  'addition',
  'zipcode',
  'city',
  'country',
  'is_visiting',
  'created_at',
] as const;
const contactColumns = [
  'id',
  'client_id',
  'first_name',
  'last_name',
  'title',
  'phone',
  'email',
  'has_account',
  'deleted_at',
] as const;

async function addressesOf(db: Executor, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('addresses')
    .select(addressColumns)
    .where('client_id', 'in', clientIds)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

async function contactsOf(db: Executor, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  const contacts = await db
    .selectFrom('contacts')
    .select(contactColumns)
    .where('client_id', 'in', clientIds)
    .where('deleted_at', 'is', null)
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  const links = contacts.length
    ? await db
        .selectFrom('contact_reseller_end_client')
        .select(['contact_id', 'endclient_id'])
        .where(
          'contact_id',
          'in',
          contacts.map((c) => c.id),
        )
        .execute()
    : [];
  return contacts.map((c) => ({
    ...c,
    reseller_end_client: links.filter((l) => l.contact_id === c.id).map((l) => ({ endclient_id: l.endclient_id })),
  }));
}

/** The visiting address: the one marked so, else the oldest. */
function visitingAddress<A extends { is_visiting: boolean; id: number }>(addresses: A[]): A | null {
  return addresses.find((a) => a.is_visiting) ?? [...addresses].sort((a, b) => a.id - b.id)[0] ?? null;
}

async function clientRow(db: Executor, user: AuthUser, id: number) {
  const row = await db
    .selectFrom('clients')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .executeTakeFirst();
  if (!row) throw notFound('Klant niet gevonden');
  return row;
}

/** GET /api/clients/{id}?minimum=true: the light answer for the edit form, also the `data` of the customer commands. */
export async function clientForm(db: Executor, user: AuthUser, id: number): Promise<Answer<ClientFormData>> {
  const client = await clientRow(db, user, id);
  const [addresses, contacts] = await Promise.all([addressesOf(db, [id]), contactsOf(db, [id])]);
  return {
    id: client.id,
    name: client.name,
    client_type_id: client.client_type_id,
    client_type_name: clientTypeName(client.client_type_id),
    parent_client_id: client.parent_client_id,
    image: client.image,
    invoice_description: client.invoice_description,
    invoice_reference: client.invoice_reference,
    primary_contact_id: client.primary_contact_id,
    delivery_by_postnl: client.delivery_by_postnl,
    created_at: client.created_at,
    visiting_address: visitingAddress(addresses),
    addresses,
    contacts,
  };
}

/** GET /api/clients/{id}: the customer page. */
export async function clientDetail(db: Executor, user: AuthUser, id: number): Promise<Answer<ClientDetail>> {
  const base = await clientForm(db, user, id);
  const parent = base.parent_client_id
    ? await db
        .selectFrom('clients')
        .select(['id', 'name', 'client_type_id'])
        .where('id', '=', base.parent_client_id)
        .executeTakeFirst()
    : undefined;
  const endClients = await db
    .selectFrom('clients')
    .select(['id', 'name', 'client_type_id'])
    .where('parent_client_id', '=', id)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  const monthly = await db
    .selectFrom('monthly_payments')
    .select(['id', 'description', 'price_cents'])
    .where('client_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    ...base,
    parent: parent ?? null,
    primary_contact: base.contacts.find((c) => c.id === base.primary_contact_id) ?? null,
    end_clients: endClients,
    monthly_payments: monthly.map((m) => ({
      id: m.id,
      description: m.description,
      price: centsToPrice(m.price_cents),
      price_cents: m.price_cents,
    })),
    ...(await stockOfClient(db, user, id)),
    ...(await detailParts(db, user, id)),
  };
}

/** id + name of every client of one type the user may see (lookups for selects). */
export async function clientsOfType(db: Executor, user: AuthUser, typeId: number): Promise<ClientOption[]> {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'parent_client_id'])
    .where('client_type_id', '=', typeId)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

async function childrenRows(db: Executor, user: AuthUser, parentId: number) {
  await assertClientInScope(db, user, parentId);
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'client_type_id', 'primary_contact_id'])
    .where('parent_client_id', '=', parentId)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The direct children of a client (a reseller's end customers, an end customer's end users): id and name. */
export async function childrenOf(
  db: Executor,
  user: AuthUser,
  parentId: number,
): Promise<{ id: number; name: string }[]> {
  return (await childrenRows(db, user, parentId)).map(({ id, name }) => ({ id, name }));
}

/** The direct children with their addresses and contacts. */
export async function childrenWithDetail(
  db: Executor,
  user: AuthUser,
  parentId: number,
): Promise<Answer<ChildDetail>[]> {
  const children = await childrenRows(db, user, parentId);
  const ids = children.map((c) => c.id);
  const [addresses, contacts] = await Promise.all([addressesOf(db, ids), contactsOf(db, ids)]);
  return children.map((c) => {
    const own = addresses.filter((a) => a.client_id === c.id);
    return {
      ...c,
      visiting_address: visitingAddress(own),
      addresses: own,
      contacts: contacts.filter((x) => x.client_id === c.id),
    };
  });
}

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

/** The activity history of a client (spec 1 §3 Activity: created_at, product name, status name). */
export async function clientEvents(db: Executor, user: AuthUser, id: number): Promise<Answer<ClientEvent>[]> {
  await assertClientInScope(db, user, id);
  const rows = await db
    .selectFrom('events')
    .leftJoin('products', 'products.id', 'events.product_id')
    .leftJoin('deliveries', 'deliveries.id', 'events.delivery_id')
    .leftJoin('users', 'users.id', 'events.user_id')
    .select([
      'events.id',
      'events.client_id',
      'events.item_id',
      'events.delivery_id',
      'events.product_id',
      'events.status_id',
      'events.action',
      'events.created_at',
      'products.name as product_name',
      'deliveries.delivery_type_id',
      'users.name as user_name',
    ])
    .where('events.client_id', '=', id)
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    status_name: r.status_id ? (itemStatusNames[r.status_id as ItemStatusId] ?? null) : null,
    is_repair: r.delivery_type_id === DeliveryType.REPARATIE,
  }));
}
