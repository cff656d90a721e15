import { carrierNames, type CarrierId } from '@domain/enums';
import type { DeliveryFormOptions } from '@domain/contracts/deliveries';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { isClientInScope } from '../../http/scope';
import { availability, itemsOnOpenPickups } from './lines';
import { clientWithEndCustomer } from './rows';

/** GET /carriers: from the table, so a carrier added there shows up. */
export async function carriers(db: Executor) {
  const rows = await db.selectFrom('carriers').select(['id', 'name']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: carrierNames[r.id as CarrierId] ?? r.name }));
}

/**
 * GET /delivery-form-options/{clientId}: the end customer's active articles with how many can be
 * delivered and how many are already on order (the 'more than available' warning), its bundles, the
 * items the client holds (pickup choices), its contacts and addresses, and the carriers.
 */
export async function deliveryFormOptions(
  db: Executor,
  user: AuthUser,
  clientId: number,
): Promise<DeliveryFormOptions> {
  const found = (await isClientInScope(db, user, clientId)) ? await clientWithEndCustomer(db, clientId) : null;
  if (!found) throw notFound('Klant niet gevonden');
  const { client, endCustomer } = found;
  const [products, bundles, links, items, contacts, addresses, carrierRows] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'name', 'article_number', 'product_group_id'])
      .where('client_id', '=', endCustomer.id)
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bundles')
      .select(['id', 'name'])
      .where('client_id', '=', endCustomer.id)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('bundle_product')
      .innerJoin('bundles', 'bundles.id', 'bundle_product.bundle_id')
      .select(['bundle_id', 'product_id'])
      .where('bundles.client_id', '=', endCustomer.id)
      .execute(),
    db
      .selectFrom('items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.id', 'i.serial', 'i.product_id', 'p.name as product_name', 'i.status_id'])
      .where('i.client_id', '=', client.id)
      .where('i.deleted_at', 'is', null)
      .orderBy('p.name')
      .orderBy('i.id')
      .limit(2000)
      .execute(),
    db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'last_name', 'phone', 'email'])
      .where('client_id', '=', client.id)
      .where('deleted_at', 'is', null)
      .orderBy('last_name')
      .execute(),
    db
      .selectFrom('addresses')
      .select(['id', 'street', 'number', 'addition', 'zipcode', 'city'])
      .where('client_id', 'in', [client.id, endCustomer.id])
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute(),
    carriers(db),
  ]);
  const counts = await availability(
    db,
    products.map((p) => p.id),
  );
  const busy = await itemsOnOpenPickups(
    db,
    items.map((i) => i.id),
    null,
  );
  return {
    client: { id: client.id, name: client.name, client_type_id: client.client_type_id },
    end_customer: { id: endCustomer.id, name: endCustomer.name },
    products: products.map((p) => ({ ...p, available: 0, on_order: 0, ...counts.get(p.id) })),
    bundles: bundles.map((b) => ({
      ...b,
      product_ids: links.filter((l) => l.bundle_id === b.id).map((l) => l.product_id),
    })),
    items: items.map((i) => ({ ...i, on_open_delivery: busy.has(i.id) })),
    contacts,
    addresses,
    carriers: carrierRows,
  };
}
