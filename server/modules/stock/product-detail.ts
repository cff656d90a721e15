import { ClientType } from '@domain/enums';
import { centsToPriceString } from '@domain/format';
import type { ProductDetail } from '@domain/contracts/stock';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import type { Answer } from '../../http/route-schema';
import { clientScope } from '../../http/scope';
import { countsOf } from './counts';

export function imageUrl(productId: number, image: string | null): string | null {
  return image ? `/api/products/${productId}/image` : null;
}

/** A product the user may see (active or not); 404 otherwise. */
export async function productRow(db: Executor, user: AuthUser, id: number) {
  const row = await db
    .selectFrom('products as p')
    .selectAll('p')
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('p.client_id')))
    .executeTakeFirst();
  if (!row) throw notFound('Artikel niet gevonden');
  return row;
}

export async function productDetail(db: Executor, user: AuthUser, id: number): Promise<Answer<ProductDetail>> {
  const p = await productRow(db, user, id);
  const [counts, group, client, bundles] = await Promise.all([
    countsOf(db, id),
    db.selectFrom('product_groups').select(['id', 'name']).where('id', '=', p.product_group_id).executeTakeFirst(),
    db
      .selectFrom('clients as c')
      .leftJoin('clients as r', (j) =>
        j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', ClientType.RESELLER),
      )
      .select(['c.id', 'c.name', 'c.client_type_id', 'r.id as reseller_id', 'r.name as reseller_name'])
      .where('c.id', '=', p.client_id)
      .executeTakeFirst(),
    db
      .selectFrom('bundle_product as bp')
      .innerJoin('bundles as b', 'b.id', 'bp.bundle_id')
      .select(['b.id', 'b.name'])
      .where('bp.product_id', '=', id)
      .where('b.deleted_at', 'is', null)
      .orderBy('b.name')
      .execute(),
  ]);
  const image = imageUrl(p.id, p.image);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    article_number: p.article_number,
    unique_product_id: p.unique_product_id,
    eol: p.eol,
    product_group_id: p.product_group_id,
    product_group: group ?? null,
    client_id: p.client_id,
    client: client ? { id: client.id, name: client.name, client_type_id: client.client_type_id } : null,
    reseller: client?.reseller_id ? { id: client.reseller_id, name: client.reseller_name ?? '' } : null,
    is_active: p.is_active,
    image,
    media: image ? [{ original_url: image, name: p.name }] : [],
    price: { price: centsToPriceString(p.price_cents) },
    bundles,
    ...counts,
  };
}
