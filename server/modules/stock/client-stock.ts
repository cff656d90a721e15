import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { listParams } from '../../http/list-params';
import { bundlesOfClient } from './bundles';
import { allProducts } from './product-lists';

/** The stock parts of the customer page (spec 1 §2.9), read by the crm area's customer detail. */
export async function stockOfClient(db: Executor, user: AuthUser, clientId: number) {
  const products = await allProducts(db, user, listParams({ showAll: 'true' }), { active: true, clientId });
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'number'])
    .where('client_id', '=', clientId)
    .orderBy('number')
    .execute();
  return {
    products,
    bundles: await bundlesOfClient(db, clientId),
    projects,
    available_products: products.filter((p) => p.items_in_stock + p.available_items > 0),
  };
}
