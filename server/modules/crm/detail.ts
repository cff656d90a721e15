import { DeliveryType, clientTypeName, itemStatusNames, type ItemStatusId } from '@domain/enums';
import { centsToPrice } from '@domain/schemas/clients';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { assertClientInScope, clientScope } from '../../http/scope';
import { detailParts } from './detail-parts';
import { stockOfClient } from '../stock';
import './tables';
import { childrenRows } from './lists';
import type { Answer } from '../../http/route-schema';
import type { ChildDetail, ClientDetail, ClientEvent, ClientFormData } from '@domain/contracts/clients';

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

/** The visiting address: the one marked so, else the oldest. */
function visitingAddress<A extends { is_visiting: boolean; id: number }>(addresses: A[]): A | null {
  return addresses.find((a) => a.is_visiting) ?? [...addresses].sort((a, b) => a.id - b.id)[0] ?? null;
}

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

export async function clientRow(db: Executor, user: AuthUser, id: number) {
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
