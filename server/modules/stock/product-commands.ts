import { sql } from 'kysely';
import { ClientType } from '@domain/enums';
import { centsToPriceString } from '@domain/format';
import { stockMsg, type ProductInput } from '@domain/schemas/stock';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError } from '../../http/errors';
import { clientScope } from '../../http/scope';
import { recordEvents } from '../events';
import { countsOf } from './counts';
import { productRow } from './product-detail';

/** The end customer a new article belongs to: the chosen one, or the user's own end customer. */
async function ownerOf(db: Executor, user: AuthUser, clientId: number | null | undefined): Promise<number> {
  const chosen = clientId ?? (user.clientTypeId === ClientType.EINDKLANT ? user.clientId : null);
  if (chosen == null) throw ValidationError.field('client_id', stockMsg.clientRequired);
  const client = await db
    .selectFrom('clients')
    .select(['id', 'client_type_id'])
    .where('id', '=', chosen)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .executeTakeFirst();
  if (!client || client.client_type_id !== ClientType.EINDKLANT)
    throw ValidationError.field('client_id', stockMsg.clientRequired);
  return client.id;
}

async function assertGroup(db: Executor, groupId: number) {
  const g = await db.selectFrom('product_groups').select('id').where('id', '=', groupId).executeTakeFirst();
  if (!g) throw ValidationError.field('product_group_id', 'Kies een productgroep.');
}

async function assertUniqueId(db: Executor, clientId: number, uniqueId: string, exceptId?: number) {
  const sameId = db
    .selectFrom('products')
    .select('id')
    .where('client_id', '=', clientId)
    .where(sql`lower(unique_product_id)`, '=', uniqueId.toLowerCase())
    .where('deleted_at', 'is', null);
  const taken = await (exceptId == null ? sameId : sameId.where('id', '<>', exceptId)).executeTakeFirst();
  if (taken) throw ValidationError.field('unique_product_id', stockMsg.uniqueIdTaken);
}

export async function createProduct(trx: Trx, user: AuthUser, input: ProductInput, image: string | null) {
  const clientId = await ownerOf(trx, user, input.client_id);
  await assertGroup(trx, input.product_group_id);
  await assertUniqueId(trx, clientId, input.unique_product_id);
  const row = await trx
    .insertInto('products')
    .values({
      client_id: clientId,
      product_group_id: input.product_group_id,
      name: input.name,
      description: input.description ?? null,
      article_number: input.article_number,
      unique_product_id: input.unique_product_id,
      eol: input.eol ?? null,
      image,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordEvents(trx, user, [
    { product_id: row.id, client_id: clientId, action: `Artikel ${input.name} aangemaakt` },
  ]);
  return row.id;
}

export async function updateProduct(trx: Trx, user: AuthUser, id: number, input: ProductInput, image: string | null) {
  const current = await productRow(trx, user, id);
  const clientId =
    input.client_id != null && input.client_id !== current.client_id
      ? await ownerOf(trx, user, input.client_id)
      : current.client_id;
  await assertGroup(trx, input.product_group_id);
  await assertUniqueId(trx, clientId, input.unique_product_id, id);
  await trx
    .updateTable('products')
    .set({
      client_id: clientId,
      product_group_id: input.product_group_id,
      name: input.name,
      description: input.description ?? null,
      article_number: input.article_number,
      unique_product_id: input.unique_product_id,
      eol: input.eol ?? null,
      ...(image ? { image } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, user, [{ product_id: id, client_id: clientId, action: `Artikel ${input.name} gewijzigd` }]);
  return current.image && image ? current.image : null; // the replaced image, to remove after commit
}

export async function deleteProduct(trx: Trx, user: AuthUser, id: number) {
  const p = await productRow(trx, user, id);
  const { items_count } = await countsOf(trx, id);
  if (items_count > 0) throw new HttpError(422, stockMsg.deleteRefused, { product: [stockMsg.deleteRefused] });
  await trx.updateTable('products').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  await trx.deleteFrom('bundle_product').where('product_id', '=', id).execute();
  await recordEvents(trx, user, [{ product_id: id, client_id: p.client_id, action: `Artikel ${p.name} verwijderd` }]);
}

export async function setProductActive(trx: Trx, user: AuthUser, id: number, active: boolean) {
  const p = await productRow(trx, user, id);
  if (p.is_active === active) return;
  await trx.updateTable('products').set({ is_active: active, updated_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [
    {
      product_id: id,
      client_id: p.client_id,
      action: active ? `Artikel ${p.name} geactiveerd` : `Artikel ${p.name} inactief gemaakt`,
    },
  ]);
}

export async function setProductPrice(trx: Trx, user: AuthUser, id: number, cents: number) {
  const p = await productRow(trx, user, id);
  await trx.updateTable('products').set({ price_cents: cents, updated_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [
    {
      product_id: id,
      client_id: p.client_id,
      action: `Tarief van ${p.name} gewijzigd naar ${centsToPriceString(cents)}`,
    },
  ]);
}
