import { ClientType, carrierNames, itemStatusNames, type CarrierId, type ItemStatusId } from '@domain/enums';
import type { BulkProductRow, DeliveryDetail, DeliveryLine } from '@domain/contracts/deliveries';
import { sql, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Executor } from '../../db/database';
import { executeWithValues } from '../../db/statement-cache';
import type { AuthUser } from '../../http/access';
import { scopeKey } from '../../http/scope';
import { deliveryNotFound, deliveryTypeName, visibleDelivery } from './rows';
import { allowedActions, isFinished } from './state';
import { isoTime } from '../../http/route-schema';

const statusOf = (id: number) => ({ id, name: itemStatusNames[id as ItemStatusId] ?? 'Onbekend' });

/**
 * The lines of a delivery (its id, or the id column of an outer statement) with their article and item (serial,
 * status).
 */
function linesOf(db: Executor, deliveryId: number | RawBuilder<number>) {
  return db
    .selectFrom('delivery_products as dp')
    .innerJoin('products as p', 'p.id', 'dp.product_id')
    .leftJoin('items as i', 'i.id', 'dp.item_id')
    .select([
      'dp.id',
      'dp.product_id',
      'dp.item_id',
      'dp.is_pickup',
      'dp.checked_out_at',
      'dp.is_backorder',
      'p.name',
      'p.article_number',
      'p.description',
      'p.product_group_id',
      'i.serial',
      'i.status_id',
    ])
    .where('dp.delivery_id', '=', deliveryId)
    .orderBy('dp.is_pickup', 'desc')
    .orderBy('dp.id');
}

export function deliveryLines(db: Executor, deliveryId: number) {
  return linesOf(db, deliveryId).execute();
}
export type LineRow = Awaited<ReturnType<typeof deliveryLines>>[number];
/** A line as the detail reads it, in JSON: its timestamp as text. */
type DetailLine = Omit<LineRow, 'checked_out_at'> & { checked_out_at: Date | string | null };

/** Per article the expected (lines) and checked-out counts: the bulk table's Aantal and Uitgeklaard. */
function bulkProducts(lines: DetailLine[]): BulkProductRow[] {
  const byProduct = new Map<number, BulkProductRow>();
  for (const l of lines) {
    const row = byProduct.get(l.product_id) ?? {
      id: l.product_id,
      name: l.name,
      article_number: l.article_number,
      product_group_id: l.product_group_id,
      expected: 0,
      arrived: 0,
    };
    row.expected += 1;
    if (l.checked_out_at) row.arrived += 1;
    byProduct.set(l.product_id, row);
  }
  return [...byProduct.values()];
}

/**
 * The delivery with everything its page shows, in one statement: client, end customer, project,
 * requester, and as JSON arrays the lines, the activity and the client's contacts. (Seven statements
 * before, each a round trip through both processes' sockets.) JSON carries timestamps as text.
 */
function detailQuery(db: Executor, user: AuthUser, id: number) {
  const deliveryId = sql.ref<number>('d.id');
  return db
    .selectFrom('deliveries as d')
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .leftJoin('clients as pc', 'pc.id', 'c.parent_client_id')
    .leftJoin('projects as pr', 'pr.id', 'd.project_id')
    .leftJoin('users as requester', 'requester.id', 'd.user_id')
    .leftJoin('deliveries as parent', (j) =>
      j.onRef('parent.id', '=', 'd.backorder_of_id').on('parent.deleted_at', 'is', null),
    )
    .selectAll('d')
    .select([
      'c.name as client_name',
      'c.client_type_id',
      'c.parent_client_id as client_parent_id',
      'pc.name as client_parent_name',
      'pr.id as project_ref',
      'pr.number as project_number',
      'requester.id as requester_id',
      'requester.name as requester_name',
      'parent.id as parent_id',
      'parent.order_number as parent_order_number',
      jsonArrayFrom(linesOf(db, deliveryId)).as('lines'),
      jsonArrayFrom(
        db
          .selectFrom('events as e')
          .leftJoin('users as u', 'u.id', 'e.user_id')
          .select([
            'e.id',
            'e.action',
            'e.status_id',
            'e.item_id',
            'e.created_at',
            'u.id as user_id',
            'u.name as user_name',
          ])
          .where('e.delivery_id', '=', deliveryId)
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(500),
      ).as('events'),
      jsonArrayFrom(
        db
          .selectFrom('deliveries as b')
          .select(['b.id', 'b.order_number', 'b.completed_at', 'b.is_cancelled'])
          .where('b.backorder_of_id', '=', deliveryId)
          .where('b.deleted_at', 'is', null)
          .orderBy('b.id'),
      ).as('backorders'),
      jsonArrayFrom(
        db
          .selectFrom('contacts as k')
          .select(['k.id', 'k.first_name', 'k.last_name', 'k.title', 'k.phone', 'k.email'])
          .where('k.client_id', '=', sql.ref<number>('d.client_id'))
          .where('k.deleted_at', 'is', null)
          .orderBy('k.last_name')
          .orderBy('k.id'),
      ).as('contacts'),
    ])
    .where(visibleDelivery(user, id));
}

/**
 * GET /deliveries/{id}: every field of spec 2 §3 Delivery and what §2.7's page shows; another tenant's delivery is a
 * 404.
 */
export async function deliveryDetail(db: Executor, user: AuthUser, id: number): Promise<DeliveryDetail> {
  // Compiled once per place in the hierarchy, with the delivery as its parameter.
  const [d] = await executeWithValues(db, `delivery detail|${scopeKey(user)}`, [id], (delivery: number) =>
    detailQuery(db, user, delivery),
  );
  if (!d) throw deliveryNotFound();
  const { lines, events, contacts } = d;
  const client = {
    id: d.client_id,
    name: d.client_name,
    client_type_id: d.client_type_id,
    parent_client_id: d.client_parent_id,
  };
  const endCustomer =
    d.client_type_id === ClientType.EINDGEBRUIKER && d.client_parent_id && d.client_parent_name !== null
      ? { id: d.client_parent_id, name: d.client_parent_name }
      : { id: client.id, name: client.name };
  const project =
    d.project_ref !== null && d.project_number !== null ? { id: d.project_ref, number: d.project_number } : null;
  const requester =
    d.requester_id !== null && d.requester_name !== null ? { id: d.requester_id, name: d.requester_name } : null;
  const typeName = deliveryTypeName(d.delivery_type_id);
  const products: DeliveryLine[] = lines.map((l) => ({
    id: l.id,
    product_id: l.product_id,
    item_id: l.item_id,
    is_pickup: l.is_pickup ? 1 : 0,
    checked_out_at: isoTime(l.checked_out_at),
    is_backorder: l.is_backorder,
    serial: l.serial,
    product: {
      id: l.product_id,
      name: l.name,
      article_number: l.article_number,
      description: l.description,
      product_group_id: l.product_group_id,
    },
  }));
  return {
    id: d.id,
    order_number: d.order_number,
    delivery_type_id: d.delivery_type_id,
    delivery_type: { name: typeName },
    title: `${typeName} van ${d.contact || client.name}`,
    client_id: d.client_id,
    client: { ...client, contacts },
    end_customer: endCustomer,
    project_id: d.project_id,
    project,
    carrier_id: d.carrier_id,
    carrier: { id: d.carrier_id, name: carrierNames[d.carrier_id as CarrierId] ?? 'Onbekend' },
    date: d.date,
    created_at: isoTime(d.created_at),
    finished: isFinished(d, lines),
    completed: isoTime(d.completed_at),
    comment: d.comment,
    is_cancelled: d.is_cancelled,
    contact: d.contact,
    contact_email: d.contact_email,
    contact_phone: d.contact_phone,
    address: d.address,
    description: d.description,
    w_number: d.w_number,
    your_reference: d.your_reference,
    user: requester,
    file: d.file ? `/api/deliveries/${d.id}/file` : null,
    media: d.file ? [{ original_url: `/api/deliveries/${d.id}/file`, name: d.file_name ?? 'bestand' }] : [],
    date_quotation: isoTime(d.date_quotation),
    finished_repair: isoTime(d.finished_repair),
    repair_description: d.repair_description,
    signature:
      d.signature_file || d.signer_name
        ? {
            url: d.signature_file ? `/api/deliveries/${d.id}/signature` : null,
            signer_name: d.signer_name,
            signed_at: isoTime(d.signed_at),
          }
        : null,
    backorder_of: d.parent_id !== null ? { id: d.parent_id, order_number: d.parent_order_number } : null,
    backorders: d.backorders.map((b) => ({
      id: b.id,
      order_number: b.order_number,
      completed: isoTime(b.completed_at),
      is_cancelled: b.is_cancelled,
    })),
    items: lines.flatMap(({ item_id: itemId, status_id: statusId, ...l }) =>
      itemId === null || statusId === null
        ? []
        : [
            {
              id: itemId,
              serial: l.serial,
              status_id: statusId,
              status: statusOf(statusId),
              product: {
                id: l.product_id,
                name: l.name,
                article_number: l.article_number,
                product_group_id: l.product_group_id,
              },
              pivot: {
                is_pickup: l.is_pickup ? 1 : 0,
                checked_out_at: isoTime(l.checked_out_at),
                is_backorder: l.is_backorder,
                delivery_product_id: l.id,
              },
            },
          ],
    ),
    products,
    bulk_products: bulkProducts(lines),
    events: events.map((e) => ({
      id: Number(e.id),
      action: e.action,
      status_id: e.status_id,
      status: e.status_id ? statusOf(e.status_id) : null,
      item_id: e.item_id,
      user: e.user_id && e.user_name !== null ? { id: e.user_id, name: e.user_name } : null,
      created_at: isoTime(e.created_at),
    })),
    can: allowedActions(d, lines),
  };
}
