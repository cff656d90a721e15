import { ClientType, carrierNames, itemStatusNames, type CarrierId, type ItemStatusId } from '../../../src/domain/enums';
import type { BulkProductRow, DeliveryDetail, DeliveryLine } from '../../../src/domain/contracts/deliveries';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { deliveryInScope, deliveryTypeName } from './rows';
import { allowedActions, isFinished } from './state';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const statusOf = (id: number) => ({ id, name: itemStatusNames[id as ItemStatusId] ?? 'Onbekend' });

/** The lines of a delivery with their article and item (serial, status). */
export async function deliveryLines(db: Executor, deliveryId: number) {
  return db.selectFrom('delivery_products as dp')
    .innerJoin('products as p', 'p.id', 'dp.product_id')
    .leftJoin('items as i', 'i.id', 'dp.item_id')
    .select([
      'dp.id', 'dp.product_id', 'dp.item_id', 'dp.is_pickup', 'dp.checked_out_at', 'dp.is_backorder', 'p.name', 'p.article_number', 'p.description',
      'p.product_group_id', 'i.serial', 'i.status_id',
    ])
    .where('dp.delivery_id', '=', deliveryId)
    .orderBy('dp.is_pickup', 'desc').orderBy('dp.id')
    .execute();
}
export type LineRow = Awaited<ReturnType<typeof deliveryLines>>[number];

/** Per article the expected (lines) and checked-out counts: the bulk table's Aantal and Uitgeklaard. */
function bulkProducts(lines: LineRow[]): BulkProductRow[] {
  const byProduct = new Map<number, BulkProductRow>();
  for (const l of lines) {
    const row = byProduct.get(l.product_id) ?? { id: l.product_id, name: l.name, article_number: l.article_number, product_group_id: l.product_group_id, expected: 0, arrived: 0 };
    row.expected += 1;
    if (l.checked_out_at) row.arrived += 1;
    byProduct.set(l.product_id, row);
  }
  return [...byProduct.values()];
}

/** GET /deliveries/{id}: every field of spec 2 §3 Delivery and what §2.7's page shows. */
export async function deliveryDetail(db: Executor, user: AuthUser, id: number): Promise<DeliveryDetail> {
  const d = await deliveryInScope(db, user, id);
  const [client, lines, project, requester, events] = await Promise.all([
    db.selectFrom('clients').select(['id', 'name', 'client_type_id', 'parent_client_id']).where('id', '=', d.client_id).executeTakeFirstOrThrow(),
    deliveryLines(db, id),
    d.project_id ? db.selectFrom('projects').select(['id', 'number']).where('id', '=', d.project_id).executeTakeFirst() : undefined,
    d.user_id ? db.selectFrom('users').select(['id', 'name']).where('id', '=', d.user_id).executeTakeFirst() : undefined,
    db.selectFrom('events as e').leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.id', 'e.action', 'e.status_id', 'e.item_id', 'e.created_at', 'u.id as user_id', 'u.name as user_name'])
      .where('e.delivery_id', '=', id).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(500).execute(),
  ]);
  const [contacts, endCustomer] = await Promise.all([
    db.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'title', 'phone', 'email']).where('client_id', '=', client.id)
      .where('deleted_at', 'is', null).orderBy('last_name').orderBy('id').execute(),
    client.client_type_id === ClientType.EINDGEBRUIKER && client.parent_client_id
      ? db.selectFrom('clients').select(['id', 'name']).where('id', '=', client.parent_client_id).executeTakeFirstOrThrow()
      : { id: client.id, name: client.name },
  ]);
  const typeName = deliveryTypeName(d.delivery_type_id);
  const products: DeliveryLine[] = lines.map((l) => ({
    id: l.id, product_id: l.product_id, item_id: l.item_id, is_pickup: l.is_pickup ? 1 : 0, checked_out_at: iso(l.checked_out_at),
    is_backorder: l.is_backorder, serial: l.serial,
    product: { id: l.product_id, name: l.name, article_number: l.article_number, description: l.description, product_group_id: l.product_group_id },
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
    project: project ?? null,
    carrier_id: d.carrier_id,
    carrier: { id: d.carrier_id, name: carrierNames[d.carrier_id as CarrierId] ?? 'Onbekend' },
    date: d.date,
    created_at: iso(d.created_at)!,
    finished: isFinished(d, lines),
    completed: iso(d.completed_at),
    comment: d.comment,
    is_cancelled: d.is_cancelled,
    contact: d.contact,
    contact_email: d.contact_email,
    contact_phone: d.contact_phone,
    address: d.address,
    description: d.description,
    w_number: d.w_number,
    your_reference: d.your_reference,
    user: requester ?? null,
    file: d.file ? `/api/deliveries/${d.id}/file` : null,
    media: d.file ? [{ original_url: `/api/deliveries/${d.id}/file`, name: d.file_name ?? 'bestand' }] : [],
    date_quotation: iso(d.date_quotation),
    finished_repair: iso(d.finished_repair),
    repair_description: d.repair_description,
    signature: d.signature_file || d.signer_name
      ? { url: d.signature_file ? `/api/deliveries/${d.id}/signature` : null, signer_name: d.signer_name, signed_at: iso(d.signed_at) } : null,
    items: lines.filter((l) => l.item_id !== null).map((l) => ({
      id: l.item_id!, serial: l.serial, status_id: l.status_id!, status: statusOf(l.status_id!),
      product: { id: l.product_id, name: l.name, article_number: l.article_number, product_group_id: l.product_group_id },
      pivot: { is_pickup: l.is_pickup ? 1 : 0, checked_out_at: iso(l.checked_out_at), is_backorder: l.is_backorder, delivery_product_id: l.id },
    })),
    products,
    bulk_products: bulkProducts(lines),
    events: events.map((e) => ({
      id: Number(e.id), action: e.action, status_id: e.status_id, status: e.status_id ? statusOf(e.status_id) : null, item_id: e.item_id,
      user: e.user_id ? { id: e.user_id, name: e.user_name! } : null, created_at: iso(e.created_at)!,
    })),
    can: allowedActions(d, lines),
  };
}
