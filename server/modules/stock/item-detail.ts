import { ClientType } from '@domain/enums';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { clientScope } from '../../http/scope';
import { imageUrl } from './product-detail';
import type { Answer } from '../../http/route-schema';
import type { ItemDetail, ItemEvent } from '@domain/contracts/stock';
import { eolTime, statusOf } from './item-lists';

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
