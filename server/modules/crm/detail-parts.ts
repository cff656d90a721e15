import { itemStatusNames, type ItemStatusId } from '@domain/enums';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import type { Answer } from '../../http/route-schema';
import type { ClientDetail, HeldItem } from '@domain/contracts/clients';

/** How many of the newest events the customer page gets; the activity page reads them all. */
const DETAIL_EVENT_COUNT = 10;

const statusName = (id: number | null) => (id ? (itemStatusNames[id as ItemStatusId] ?? null) : null);

/** The items the client holds itself (an end user's equipment, stock at a customer's location). */
export async function heldItems(db: Executor, clientId: number): Promise<Answer<HeldItem>[]> {
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.id',
      'i.product_id',
      'p.name as product_name',
      'p.article_number',
      'i.serial',
      'i.order_number',
      'i.tag_number',
      'i.mac_address',
      'i.status_id',
      'i.date_in_use',
      'i.shipping_date',
      'i.created_at',
    ])
    .where('i.client_id', '=', clientId)
    .where('i.deleted_at', 'is', null)
    .orderBy('p.name')
    .orderBy('i.serial')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({ ...r, status: { id: r.status_id, name: statusName(r.status_id) } }));
}

/** The newest events of the client (spec 1 §3 Activity: created_at, product name, status name). */
async function latestEvents(db: Executor, clientId: number) {
  const rows = await db
    .selectFrom('events')
    .leftJoin('products', 'products.id', 'events.product_id')
    .select([
      'events.id',
      'events.item_id',
      'events.delivery_id',
      'events.status_id',
      'events.action',
      'events.created_at',
      'products.name as product_name',
    ])
    .where('events.client_id', '=', clientId)
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .limit(DETAIL_EVENT_COUNT)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), status_name: statusName(r.status_id) }));
}

/** The client's pre-notifications: open ones first, then newest first, with expected and arrived counts. */
async function preNotificationsOf(db: Executor, clientId: number) {
  const rows = await db
    .selectFrom('asns as a')
    .leftJoin('asn_products as ap', 'ap.asn_id', 'a.id')
    .select((eb) => [
      'a.id',
      'a.reference',
      'a.w_number',
      'a.expected',
      'a.stock_owner',
      'a.daas',
      'a.partial_delivery',
      'a.created_at',
      'a.completed_at',
      eb.fn.coalesce(eb.fn.sum<number>('ap.expected'), eb.val(0)).as('expected_count'),
      eb.fn.coalesce(eb.fn.sum<number>('ap.arrived'), eb.val(0)).as('arrived_count'),
    ])
    .where('a.client_id', '=', clientId)
    .where('a.deleted_at', 'is', null)
    .groupBy('a.id')
    .orderBy((eb) => eb('a.completed_at', 'is', null), 'desc')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    expected_count: Number(r.expected_count),
    arrived_count: Number(r.arrived_count),
    complete: r.completed_at !== null,
  }));
}

/**
 * items, events and asns of GET /api/clients/{id} (spec 1 §3). Stock and pre-notifications follow
 * the rights of their own pages: without 'Voorraad bekijken' or 'Voormelding bekijken' they are empty.
 */
export async function detailParts(
  db: Executor,
  user: AuthUser,
  clientId: number,
): Promise<Answer<Pick<ClientDetail, 'items' | 'events' | 'asns'>>> {
  const [items, events, asns] = await Promise.all([
    user.permissions.has('Voorraad bekijken') ? heldItems(db, clientId) : [],
    latestEvents(db, clientId),
    user.permissions.has('Voormelding bekijken') ? preNotificationsOf(db, clientId) : [],
  ]);
  return { items, events, asns };
}
