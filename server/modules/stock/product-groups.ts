import { sql } from 'kysely';
import type { ProductGroup } from '@domain/contracts/stock';
import { STANDARD_PRODUCT_GROUPS } from '@domain/schemas/stock';
import { fixedQuery, type Executor } from '../../db/database';
import { notFound } from '../../http/errors';

export const productGroups: (db: Executor) => Promise<ProductGroup[]> = fixedQuery((db) =>
  db.selectFrom('product_groups').select(['id', 'name']).orderBy('id'),
);

export async function productGroup(db: Executor, id: number): Promise<ProductGroup> {
  const g = await db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!g) throw notFound('Productgroep niet gevonden');
  return g;
}

/** The standard product groups, for the demo data and `npm run setup` alike; groups that exist are kept. */
export async function createStandardProductGroups(db: Executor): Promise<void> {
  await db
    .insertInto('product_groups')
    .values(STANDARD_PRODUCT_GROUPS.map((g) => ({ ...g })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await sql`select setval('product_groups_id_seq', (select max(id) from product_groups))`.execute(db);
}
