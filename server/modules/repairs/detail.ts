import { ClientType } from '@domain/enums';
import type { RepairDetail, RepairEventRow, RepairFile, RepairQuotation } from '@domain/contracts/repairs';
import { quotationValidity } from '@domain/quotation';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { deliveryLines } from '../deliveries';
import { imageUrl, quotationUrl, repairInScope, repairStatusId, statusOf, type RepairRow } from './rows';
import { whenSet } from '../../http/list-params';
import { isoTime } from '../../http/route-schema';

/** Max entries of the repair page's activity panel (spec 2 §9). */
const ACTION_LOG_SIZE = 5;

async function repairMedia(db: Executor, deliveryId: number) {
  return db.selectFrom('repair_media').selectAll().where('delivery_id', '=', deliveryId).orderBy('id').execute();
}

/** A stored file of a repair the user may see: one image (by id) or its quotation; undefined when none. */
export async function repairFile(
  db: Executor,
  user: AuthUser,
  id: number,
  disk: 'images' | 'quotations',
  fileId?: number,
) {
  const repair = await repairInScope(db, user, id);
  return db
    .selectFrom('repair_media')
    .select(['file', 'name'])
    .where('delivery_id', '=', repair.id)
    .where('disk', '=', disk)
    .$call(whenSet(fileId, (q, id) => q.where('id', '=', id)))
    .executeTakeFirst();
}

/** Contacts of the repair's client and of its end customer that have an e-mail and are not deleted. */
export async function mailContacts(db: Executor, clientIds: number[]) {
  return db
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('client_id', 'in', clientIds)
    .where('deleted_at', 'is', null)
    .where('email', 'is not', null)
    .where('email', '!=', '')
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute() as Promise<{ id: number; first_name: string; last_name: string; email: string }[]>;
}

/**
 * What the user may do on the page: 'Levering wijzigen' for status, edit and images; the Superuser for quotation and
 * remarks.
 */
function allowed(user: AuthUser, d: RepairRow, quotation: RepairQuotation | null): RepairDetail['can'] {
  const change = user.permissions.has('Levering wijzigen') && !d.is_cancelled;
  const su = user.isSuperuser && !d.is_cancelled;
  return {
    change_status: change,
    edit: change && !d.completed_at,
    upload_images: change,
    remove_images: change,
    upload_quotation: su && !quotation,
    remove_quotation: su && !!quotation && quotation.status_quotation !== 'Accept',
    mail_quotation: su && !!quotation,
    decide_quotation: !d.is_cancelled && !!quotation?.validity.can_decide,
    edit_remarks: su,
  };
}

/** GET /repairs/{id}: every field of spec 2 §2.10. */
export async function repairDetail(db: Executor, user: AuthUser, id: number, now: Date): Promise<RepairDetail> {
  const d = await repairInScope(db, user, id);
  const client = await db
    .selectFrom('clients')
    .select(['id', 'name', 'client_type_id', 'parent_client_id'])
    .where('id', '=', d.client_id)
    .executeTakeFirstOrThrow();
  // An end user's repair: its end customer is the parent.
  const parentId = client.client_type_id === ClientType.EINDGEBRUIKER ? client.parent_client_id : null;
  const [endCustomer, lines, media, log, contacts] = await Promise.all([
    parentId !== null
      ? db.selectFrom('clients').select(['id', 'name']).where('id', '=', parentId).executeTakeFirstOrThrow()
      : { id: client.id, name: client.name },
    deliveryLines(db, id),
    repairMedia(db, id),
    db
      .selectFrom('events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.action', 'e.created_at', 'u.name as user_name'])
      .where('e.delivery_id', '=', id)
      .where('e.item_id', 'is', null)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(ACTION_LOG_SIZE)
      .execute(),
    mailContacts(db, parentId !== null ? [client.id, parentId] : [client.id]),
  ]);
  const file = (m: (typeof media)[number]): RepairFile => ({
    id: m.id,
    disk: m.disk,
    name: m.name,
    created_at: isoTime(m.created_at),
    original_url: m.disk === 'images' ? imageUrl(id, m.id) : quotationUrl(id),
  });
  const stored = media.find((m) => m.disk === 'quotations');
  const quotation: RepairQuotation | null = stored
    ? {
        ...file(stored),
        status_quotation: d.status_quotation,
        date_quotation: isoTime(d.date_quotation),
        validity: quotationValidity(stored.created_at, d.status_quotation, now),
      }
    : null;
  const product = (l: (typeof lines)[number]) => ({ id: l.product_id, name: l.name, article_number: l.article_number });
  return {
    id: d.id,
    order_number: d.order_number,
    status: statusOf(repairStatusId(d)),
    created_at: isoTime(d.created_at),
    client_id: d.client_id,
    end_customer: endCustomer,
    end_user: parentId !== null ? { id: client.id, name: client.name } : null,
    defect_items: lines.flatMap((l) =>
      l.is_pickup === 1 && l.item_id !== null ? [{ id: l.item_id, serial: l.serial, product: product(l) }] : [],
    ),
    replacements: lines
      .filter((l) => l.is_pickup === 0)
      .map((l) => ({ product: product(l), item: l.item_id ? { id: l.item_id, serial: l.serial } : null })),
    description: d.description,
    date: d.date,
    address: d.address,
    your_reference: d.your_reference,
    w_number: d.w_number,
    contact: d.contact,
    contact_email: d.contact_email,
    contact_phone: d.contact_phone,
    completed_at: isoTime(d.completed_at),
    finished_repair: isoTime(d.finished_repair),
    is_cancelled: d.is_cancelled,
    repair_description: d.repair_description,
    status_quotation: d.status_quotation,
    date_quotation: isoTime(d.date_quotation),
    media: media.map(file),
    images: media.filter((m) => m.disk === 'images').map(file),
    quotation,
    action_log: log.map((e) => ({
      action: e.action,
      created_at: isoTime(e.created_at),
      user: e.user_name ? { name: e.user_name } : null,
    })),
    mail_contacts: contacts,
    can: allowed(user, d, quotation),
  };
}

/** GET /geteventsbyrepairid/{id}: every activity of the repair and its items, newest first. */
export async function repairEvents(db: Executor, user: AuthUser, id: number): Promise<RepairEventRow[]> {
  await repairInScope(db, user, id);
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('items as i', 'i.id', 'e.item_id')
    .leftJoin('products as p', (join) =>
      join.on((eb) => eb('p.id', '=', eb.fn.coalesce('e.product_id', 'i.product_id'))),
    )
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.action',
      'e.created_at',
      'e.status_id',
      'e.item_id',
      'p.name as product_name',
      'i.serial',
      'u.name as user_name',
    ])
    .where('e.delivery_id', '=', id)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    created_at: isoTime(r.created_at),
    status_id: r.status_id,
    status_name: r.status_id ? statusOf(r.status_id).name : null,
    item_id: r.item_id,
    product_name: r.product_name,
    serial: r.serial,
    user_name: r.user_name,
  }));
}
