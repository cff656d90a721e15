import { ClientType, deliveryTypeNames, type DeliveryTypeId } from '@domain/enums';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor, ExecutorFor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { clientScope } from '../../http/scope';
import './tables';

export const deliveryTypeName = (id: number) => deliveryTypeNames[id as DeliveryTypeId] ?? 'Onbekend';

/** The delivery `d` of this id as the user may see it: not deleted, its client in the user's part of the hierarchy. */
export function visibleDelivery(user: AuthUser, id: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`d.id = ${id} and d.deleted_at is null and ${clientScope(user, sql.ref('d.client_id'))}`;
}

/** Another tenant's delivery does not exist for the user: the same 404 as a missing one. */
export const deliveryNotFound = () => notFound('Levering niet gevonden');

/** The delivery row when the user may see it (else deliveryNotFound). */
export async function deliveryInScope<Lock extends boolean = false>(
  db: ExecutorFor<Lock>,
  user: AuthUser,
  id: number,
  forUpdate?: Lock,
) {
  let q = db.selectFrom('deliveries as d').selectAll('d').where(visibleDelivery(user, id));
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw deliveryNotFound();
  return row;
}
export type DeliveryRow = Awaited<ReturnType<typeof deliveryInScope>>;

/**
 * The client of a delivery already in reach, with its end customer; a client deleted since is a 404 like the delivery.
 */
export async function deliveryClient(db: Executor, clientId: number) {
  const found = await clientWithEndCustomer(db, clientId);
  if (!found) throw deliveryNotFound();
  return found;
}

/** A client with the end customer it belongs to: itself (end customer) or its parent (end user). */
export async function clientWithEndCustomer(db: Executor, clientId: number) {
  const client = await db
    .selectFrom('clients')
    .select(['id', 'name', 'client_type_id', 'parent_client_id'])
    .where('id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!client) return null;
  const endCustomerId =
    client.client_type_id === ClientType.EINDGEBRUIKER && client.parent_client_id !== null
      ? client.parent_client_id
      : client.id;
  const endCustomer =
    endCustomerId === client.id
      ? client
      : await db
          .selectFrom('clients')
          .select(['id', 'name', 'client_type_id', 'parent_client_id'])
          .where('id', '=', endCustomerId)
          .executeTakeFirstOrThrow();
  return { client, endCustomer };
}
