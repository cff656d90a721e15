import type { ProductGroup } from '@domain/contracts/stock';
import { fixedQuery, type Executor } from '../../db/database';
import { notFound } from '../../http/errors';

export const productGroups: (db: Executor) => Promise<ProductGroup[]> = fixedQuery((db) =>
  db.selectFrom('product_groups').select(['id', 'name']).orderBy('id'));

export async function productGroup(db: Executor, id: number): Promise<ProductGroup> {
  const g = await db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!g) throw notFound('Productgroep niet gevonden');
  return g;
}
