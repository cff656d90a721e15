import { sql } from 'kysely';
import { ClientType } from '@domain/enums';
import { stockMsg } from '@domain/schemas/stock';
import type { Executor, ExecutorFor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, notFound } from '../../http/errors';
import { likePattern } from '../../http/search-terms';
import { numericFilter, type ListParams, sortColumn, whenSet } from '../../http/list-params';
import { pageList } from '../../http/paging';
import { assertClientInScope, clientScope } from '../../http/scope';
import { recordEvents } from '../events';
import type { Answer } from '../../http/route-schema';
import type { BundleDetail } from '@domain/contracts/stock';
import { countNoun } from '@domain/format';

const sorts: Record<string, string> = {
  name: 'b.name',
  products_count: 'products_count',
  client: 'c.name',
  client_name: 'c.name',
  reseller: 'r.name',
  reseller_name: 'r.name',
  id: 'b.id',
};

/**
 * GET /bundles: Bundelnaam, Aantal artikelen, Eindklant, Reseller; search on bundle, end customer and reseller names.
 */
export async function listBundles(db: Executor, user: AuthUser, params: ListParams, basePath: string) {
  const client = numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const reseller = numericFilter(params, 'reseller') ?? numericFilter(params, 'reseller_id');
  const like = likePattern(params.search);
  const q = db
    .selectFrom('bundles as b')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .leftJoin('clients as r', (j) =>
      j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', ClientType.RESELLER),
    )
    .where('b.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('b.client_id')))
    .$call(whenSet(client, (x, id) => x.where('b.client_id', '=', id)))
    .$call(whenSet(reseller, (x, id) => x.where('c.parent_client_id', '=', id)))
    .$if(params.search !== '', (x) =>
      x.where((eb) => eb.or([eb('b.name', 'ilike', like), eb('c.name', 'ilike', like), eb('r.name', 'ilike', like)])),
    )
    .select([
      'b.id',
      'b.name',
      'b.client_id',
      'c.name as client_name',
      'r.id as reseller_id',
      'r.name as reseller_name',
      sql<number>`(select count(*) from bundle_product bp join products p on p.id = bp.product_id where bp.bundle_id
        = b.id and p.deleted_at is null)`.as('products_count'),
    ])
    .orderBy(sql.ref(sortColumn(params, sorts, 'b.name')), params.order)
    .orderBy('b.id');
  const page = await pageList(db, params, { rows: () => q, total: 'counted', basePath });
  return {
    ...page,
    data: page.data.map((b) => ({
      ...b,
      products_count: Number(b.products_count),
      client: { id: b.client_id, name: b.client_name },
    })),
  };
}

/** `forUpdate` locks the bundle for the rest of the transaction (a command that replaces its contents). */
async function bundleRow<Lock extends boolean = false>(
  db: ExecutorFor<Lock>,
  user: AuthUser,
  id: number,
  forUpdate?: Lock,
) {
  const b = await db
    .selectFrom('bundles')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('bundles.client_id')))
    .$if(!!forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!b) throw notFound('Bundel niet gevonden');
  return b;
}

/** GET /bundles/{id}: the bundle, its products and the client's active products (the checklist). */
export async function bundleDetail(db: Executor, user: AuthUser, id: number): Promise<Answer<BundleDetail>> {
  const b = await bundleRow(db, user, id);
  const [client, products, clientProducts] = await Promise.all([
    db.selectFrom('clients').select(['id', 'name']).where('id', '=', b.client_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('bundle_product as bp')
      .innerJoin('products as p', 'p.id', 'bp.product_id')
      .select(['p.id', 'p.name', 'p.article_number'])
      .where('bp.bundle_id', '=', id)
      .where('p.deleted_at', 'is', null)
      .orderBy('p.name')
      .execute(),
    db
      .selectFrom('products')
      .select(['id', 'name', 'article_number'])
      .where('client_id', '=', b.client_id)
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { id: b.id, name: b.name, client_id: b.client_id, client, products, client_products: clientProducts };
}

export async function createBundle(trx: Trx, user: AuthUser, input: { name: string; client_id: number }) {
  await assertClientInScope(trx, user, input.client_id).catch(() => {
    throw ValidationError.field('client_id', stockMsg.clientRequired);
  });
  const row = await trx
    .insertInto('bundles')
    .values({ name: input.name, client_id: input.client_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordEvents(trx, user, [{ client_id: input.client_id, action: `Bundel ${input.name} aangemaakt` }]);
  return row.id;
}

/**
 * PUT /bundles/{id}: the selection becomes the bundle (products not ticked are removed from it).
 * The bundle row is locked so parallel saves replace the contents one after the other.
 */
export async function setBundleProducts(
  trx: Trx,
  user: AuthUser,
  id: number,
  input: { name?: string; products: number[] },
) {
  const b = await bundleRow(trx, user, id, true);
  const wanted = [...new Set(input.products)];
  if (wanted.length) {
    const own = await trx
      .selectFrom('products')
      .select('id')
      .where('id', 'in', wanted)
      .where('client_id', '=', b.client_id)
      .where('deleted_at', 'is', null)
      .execute();
    const ok = new Set(own.map((p) => p.id));
    const errors: Record<string, string[]> = {};
    input.products.forEach((p, i) => {
      if (!ok.has(p)) errors[`products.${i}`] = [stockMsg.bundleProduct];
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }
  await trx.deleteFrom('bundle_product').where('bundle_id', '=', id).execute();
  if (wanted.length)
    await trx
      .insertInto('bundle_product')
      .values(wanted.map((p) => ({ bundle_id: id, product_id: p })))
      .execute();
  if (input.name && input.name !== b.name)
    await trx.updateTable('bundles').set({ name: input.name }).where('id', '=', id).execute();
  await recordEvents(trx, user, [
    {
      client_id: b.client_id,
      action:
        `Bundelinhoud van ${input.name ?? b.name} gewijzigd ` + `(${countNoun(wanted.length, 'artikel', 'artikelen')})`,
    },
  ]);
}

/** Bundles of a client (customer page, extra-products form). */
export async function bundlesOfClient(db: Executor, clientId: number) {
  return db
    .selectFrom('bundles')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
}
