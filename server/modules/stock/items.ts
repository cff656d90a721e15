import { sql } from 'kysely';
import { amsterdamClock } from '@domain/dates';
import { ClientType, ItemStatus, itemStatusNames, type ItemStatusId } from '@domain/enums';
import { ACCESSORY_GROUP_ID, stockMsg, type ItemCreateInput, type ItemUpdateInput } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, notFound, unlessTaken } from '../../http/errors';
import { likePattern } from '../../http/search-terms';
import { listStatementKey } from '../../http/list-statements';
import { pageList } from '../../http/paging';
import { type ListParams, sortColumn, whenSet } from '../../http/list-params';
import { assertClientInScope, clientScope } from '../../http/scope';
import { recordEvents } from '../events';
import { imageUrl, productRow } from './product-detail';
import { liveItemsOf } from './counts';
import type { Answer } from '../../http/route-schema';
import type { ItemDetail, ItemEvent, ItemRow as ItemListRow } from '@domain/contracts/stock';
import type { Paged } from '@domain/paged';

export function statusOf(id: number) {
  return { id, name: itemStatusNames[id as ItemStatusId] ?? 'Onbekend' };
}

/**
 * Months from now until the item reaches its EOL (product EOL months after purchase, else check-in); null when unknown.
 */
function eolTime(
  eolMonths: number | null,
  dateInUse: string | null,
  createdAt: Date | string,
  now = new Date(),
): number | null {
  if (eolMonths == null) return null;
  const start = dateInUse
    ? { year: Number(dateInUse.slice(0, 4)), month: Number(dateInUse.slice(5, 7)) }
    : amsterdamClock(new Date(createdAt));
  const today = amsterdamClock(now);
  const months = (today.year - start.year) * 12 + (today.month - start.month);
  return eolMonths - months;
}

const itemSorts: Record<string, string> = {
  id: 'i.id',
  serial: 'i.serial',
  order_number: 'i.order_number',
  mac_address: 'i.mac_address',
  tag_number: 'i.tag_number',
  status: 'i.status_id',
  status_id: 'i.status_id',
  end_user: 'u.name',
  product_name: 'p.name',
  date_in_use: 'i.date_in_use',
  created_at: 'i.created_at',
};

function itemQuery(db: Executor) {
  return db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('clients as u', 'u.id', 'i.client_id')
    .where('i.deleted_at', 'is', null)
    .select([
      'i.id',
      'i.product_id',
      'i.client_id',
      'i.status_id',
      'i.serial',
      'i.order_number',
      'i.mac_address',
      'i.tag_number',
      'i.date_in_use',
      'i.created_at',
      'p.name as product_name',
      'p.eol',
      'u.name as client_name',
      'u.client_type_id',
    ]);
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['execute']>>[number];

/** A row of the item lists and of the item export. */
function itemListRow(r: ItemRow): Answer<ItemListRow> {
  const endUser = r.client_type_id === ClientType.EINDGEBRUIKER;
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    serial: r.serial,
    order_number: r.order_number,
    mac_address: r.mac_address,
    tag_number: r.tag_number,
    date_in_use: r.date_in_use,
    status_id: r.status_id,
    status: statusOf(r.status_id),
    client_id: r.client_id,
    end_user: endUser ? { id: r.client_id, name: r.client_name } : null,
    end_user_name: endUser ? r.client_name : null,
    eol_time: eolTime(r.eol, r.date_in_use, r.created_at),
  };
}

function searchItems<Q extends ReturnType<typeof itemQuery>>(q: Q, search: string, withProduct: boolean): Q {
  if (!search) return q;
  const like = likePattern(search);
  return q.where((eb) =>
    eb.or([
      eb('i.serial', 'ilike', like),
      eb('i.order_number', 'ilike', like),
      eb('i.mac_address', 'ilike', like),
      ...(withProduct
        ? [eb('i.tag_number', 'ilike', like), eb('p.name', 'ilike', like), eb('u.name', 'ilike', like)]
        : []),
    ]),
  ) as Q;
}

function orderItems<Q extends ReturnType<typeof itemQuery>>(q: Q, params: ListParams): Q {
  const column = sortColumn(params, itemSorts, 'i.id');
  return q.orderBy(sql.ref(column), params.order).orderBy('i.id') as Q;
}

function statusFilter(params: ListParams): number[] | null {
  const raw = params.filters.status ?? params.filters.status_id;
  if (!raw) return null;
  const ids = raw
    .split(',')
    .filter((s) => /^\d{1,3}$/.test(s))
    .map(Number);
  return ids.length ? ids : null;
}

/** GET /getitems/{id}: the items of one product, paged; search on serial, order number and MAC. */
export async function itemsOfProduct(
  db: Executor,
  user: AuthUser,
  productId: number,
  params: ListParams,
  basePath: string,
): Promise<Answer<Paged<ItemListRow>>> {
  const statuses = statusFilter(params);
  // The product's own checks (live, in the user's scope) ride along with the page: one statement, and
  // only an empty page asks whether the product exists at all (404) or just has no items there. The
  // statement is compiled once per page, sort and filter, with the product as its parameter.
  const page = await pageList(db, params, {
    statement: { key: listStatementKey('items of a product', user, params), values: [productId] },
    rows: (product: number) => {
      let q = itemQuery(db)
        .where('i.product_id', '=', product)
        .where('p.deleted_at', 'is', null)
        .where((eb) => clientScope(user, eb.ref('p.client_id')));
      if (statuses) q = q.where('i.status_id', 'in', statuses);
      return orderItems(searchItems(q, params.search, false), params);
    },
    // Unfiltered, the total is the article's maintained count of live items (item_counts), read by the page's own
    // statement.
    total: !statuses && !params.search ? (product: number) => liveItemsOf(product) : 'numbered',
    basePath,
  });
  if (!page.data.length) await productRow(db, user, productId);
  return { ...page, data: page.data.map(itemListRow) };
}

const EXPORT_BATCH = 2000;

/**
 * Every item of a product in list order (item export), read as it is written: the ids in list order
 * first (100,000 numbers), then their rows 2,000 at a time, so the server never holds the whole export.
 */
export async function allItemsOfProduct(db: Executor, user: AuthUser, productId: number, params: ListParams) {
  const product = await productRow(db, user, productId);
  const ordered = orderItems(
    searchItems(itemQuery(db).where('i.product_id', '=', productId), params.search, false),
    params,
  );
  const ids = (await ordered.clearSelect().select('i.id').limit(100000).execute()).map((r) => r.id);
  return { product, rows: itemsInBatches(db, ids) };
}

async function* itemsInBatches(db: Executor, ids: number[]): AsyncGenerator<Answer<ItemListRow>> {
  for (let from = 0; from < ids.length; from += EXPORT_BATCH) {
    const batch = ids.slice(from, from + EXPORT_BATCH);
    const byId = new Map((await itemQuery(db).where('i.id', 'in', batch).execute()).map((r) => [r.id, r]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) yield itemListRow(row); // gone since the ids were read: left out
    }
  }
}

/** GET /getitemsbyclientid/{id}: items at a client and at the clients below it (end users of an end customer). */
export async function itemsOfClient(
  db: Executor,
  user: AuthUser,
  clientId: number,
  params: ListParams,
  basePath: string,
): Promise<Answer<Paged<ItemListRow>>> {
  await assertClientInScope(db, user, clientId);
  const statuses = statusFilter(params);
  let q = itemQuery(db)
    .where((eb) =>
      eb.or([
        eb('i.client_id', '=', clientId),
        eb(
          'i.client_id',
          'in',
          eb.selectFrom('clients as k').select('k.id').where('k.parent_client_id', '=', clientId),
        ),
      ]),
    )
    .where((eb) => clientScope(user, eb.ref('i.client_id')));
  if (statuses) q = q.where('i.status_id', 'in', statuses);
  const page = await pageList(db, params, {
    rows: () => orderItems(searchItems(q, params.search, true), params),
    total: 'counted',
    basePath,
  });
  return { ...page, data: page.data.map(itemListRow) };
}

/** GET /getavailableitems/{product_id}: items that can still be delivered (checked in or on call-off). */
export async function availableItems(db: Executor, user: AuthUser, productId: number): Promise<Answer<ItemListRow>[]> {
  await productRow(db, user, productId);
  const rows = await itemQuery(db)
    .where('i.product_id', '=', productId)
    .where('i.status_id', 'in', [ItemStatus.INGEKLAARD, ItemStatus.OP_AFROEP])
    .orderBy('i.id')
    .execute();
  return rows.map(itemListRow);
}

/** An item the user may see; 404 otherwise (another tenant's item does not exist for it). */
export async function itemRow(db: Executor, user: AuthUser, id: number) {
  const row = await db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .selectAll('i')
    .select(['p.client_id as product_client_id', 'p.product_group_id', 'p.name as product_name'])
    .where('i.id', '=', id)
    .where('i.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('i.client_id')))
    .executeTakeFirst();
  if (!row) throw notFound('Item niet gevonden');
  return row;
}

/** GET /getevents/{id}: the item's events, newest first (also the events of its detail). */
export async function itemEvents(db: Executor, user: AuthUser, id: number): Promise<Answer<ItemEvent>[]> {
  await itemRow(db, user, id);
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('users as us', 'us.id', 'e.user_id')
    .leftJoin('items as i', 'i.id', 'e.item_id')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'e.id',
      'e.action',
      'e.status_id',
      'e.created_at',
      'e.delivery_id',
      'us.name as user_name',
      'p.name as product_name',
    ])
    .where('e.item_id', '=', id)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((e) => ({
    id: e.id,
    action: e.action,
    created_at: e.created_at,
    delivery_id: e.delivery_id,
    status_id: e.status_id,
    status: e.status_id != null ? statusOf(e.status_id) : null,
    user: e.user_name ? { name: e.user_name } : null,
    product: { name: e.product_name },
  }));
}

export async function itemDetail(db: Executor, user: AuthUser, id: number): Promise<Answer<ItemDetail>> {
  const i = await itemRow(db, user, id);
  const [product, group, project, client, bundles, events] = await Promise.all([
    db.selectFrom('products').selectAll().where('id', '=', i.product_id).executeTakeFirstOrThrow(),
    db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', i.product_group_id).executeTakeFirst(),
    i.project_id
      ? db.selectFrom('projects').select(['id', 'number']).where('id', '=', i.project_id).executeTakeFirst()
      : undefined,
    db
      .selectFrom('clients as c')
      .leftJoin('contacts as k', 'k.id', 'c.primary_contact_id')
      .leftJoin('clients as parent', 'parent.id', 'c.parent_client_id')
      .select([
        'c.id',
        'c.name',
        'c.client_type_id',
        'c.parent_client_id',
        'k.first_name',
        'k.last_name',
        'k.email',
        'k.phone',
        'parent.name as parent_name',
      ])
      .where('c.id', '=', i.client_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bundle_product as bp')
      .innerJoin('bundles as b', 'b.id', 'bp.bundle_id')
      .select(['b.id', 'b.name'])
      .where('bp.product_id', '=', i.product_id)
      .where('b.deleted_at', 'is', null)
      .orderBy('b.name')
      .execute(),
    itemEvents(db, user, id),
  ]);
  const endClient =
    client.client_type_id === ClientType.EINDGEBRUIKER
      ? { id: client.parent_client_id, name: client.parent_name }
      : { id: client.id, name: client.name };
  const image = imageUrl(product.id, product.image);
  return {
    id: i.id,
    serial: i.serial,
    order_number: i.order_number,
    tag_number: i.tag_number,
    mac_address: i.mac_address,
    date_in_use: i.date_in_use,
    shipping_date: i.shipping_date,
    start_date_contract: i.start_date_contract,
    end_date_contract: i.end_date_contract,
    daas: i.daas,
    stock_owner: i.stock_owner,
    address: i.address,
    description: i.description,
    eol_time: eolTime(product.eol, i.date_in_use, i.created_at),
    status_id: i.status_id,
    status: statusOf(i.status_id),
    product_id: i.product_id,
    client_id: i.client_id,
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      article_number: product.article_number,
      eol: product.eol,
      product_group: group ?? null,
      image,
      media: image ? [{ original_url: image, name: product.name }] : [],
    },
    project: project ? { id: project.id, number: project.number } : null,
    client: {
      id: client.id,
      name: client.name,
      client_type_id: client.client_type_id,
      contact:
        client.first_name != null
          ? {
              first_name: client.first_name,
              last_name: client.last_name ?? '',
              email: client.email,
              phone: client.phone,
            }
          : null,
    },
    end_client: endClient,
    in_use_by: client.client_type_id === ClientType.EINDGEBRUIKER ? { id: client.id, name: client.name } : null,
    bundle_names: bundles.map((b) => b.name),
    events,
  };
}

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
