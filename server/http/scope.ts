import { sql, type Expression, type SqlBool } from 'kysely';
import { ClientType } from '../../src/domain/enums';
import type { Executor } from '../db/database';
import type { AuthUser } from './access';
import { notFound } from './errors';

/**
 * The customer hierarchy (issue 3): a user sees its own client and the clients below it.
 * Provider: everything; reseller: itself, its end customers and their end users;
 * end customer: itself and its end users; end user: itself.
 */
export function clientScope(user: AuthUser, clientIdColumn: Expression<number | null>): Expression<SqlBool> {
  if (user.clientTypeId === ClientType.PROVIDER) return sql<SqlBool>`true`;
  const own = user.clientId;
  return sql<SqlBool>`(${clientIdColumn} = ${own} or ${clientIdColumn} in (
    select c.id from clients c where c.parent_client_id = ${own}
    union all
    select g.id from clients g join clients p on p.id = g.parent_client_id where p.parent_client_id = ${own}))`;
}

export async function isClientInScope(db: Executor, user: AuthUser, clientId: number | null | undefined): Promise<boolean> {
  if (clientId == null) return false;
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .executeTakeFirst();
  return !!row;
}

/** Throws 404 for a client the user may not see: another tenant's records do not exist for it. */
export async function assertClientInScope(db: Executor, user: AuthUser, clientId: number | null | undefined): Promise<void> {
  if (!(await isClientInScope(db, user, clientId))) throw notFound();
}
