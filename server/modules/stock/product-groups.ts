import type { ProductGroup } from '@domain/contracts/stock';
import type { Executor } from '../../db/database';
import { notFound } from '../../http/errors';

export async function productGroups(db: Executor): Promise<ProductGroup[]> {
  return db.selectFrom('product_groups').select(['id', 'name']).orderBy('id').execute();
}

export async function productGroup(db: Executor, id: number): Promise<ProductGroup> {
  const g = await db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!g) throw notFound('Productgroep niet gevonden');
  return g;
}
