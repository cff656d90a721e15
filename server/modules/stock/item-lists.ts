import { sql } from 'kysely';
import { amsterdamClock } from '@domain/dates';
import { ClientType, ItemStatus, itemStatusNames, type ItemStatusId } from '@domain/enums';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern } from '../../http/search-terms';
import { listStatementKey } from '../../http/list-statements';
import { pageList } from '../../http/paging';
import { type ListParams, sortColumn } from '../../http/list-params';
import { assertClientInScope, clientScope } from '../../http/scope';
import { productRow } from './product-detail';
import { liveItemsOf } from './counts';
import type { Answer } from '../../http/route-schema';
import type { ItemRow as ItemListRow } from '@domain/contracts/stock';
import type { Paged } from '@domain/paged';

export function statusOf(id: number) {
  return { id, name: itemStatusNames[id as ItemStatusId] ?? 'Onbekend' };
}

/**
 * Months from now until the item reaches its EOL (product EOL months after purchase, else check-in); null when unknown.
 */
export function eolTime(
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
