import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { ClientType } from '@domain/enums';
import type { Executor } from '../db/database';
import type { AuthUser } from './access';
import { notFound } from './errors';

/**
 * What clientScope and lineageScope build a statement from: the user's place in the hierarchy. A
 * statement built with them may be kept under this key (server/db/statement-cache.ts).
 */
export const scopeKey = (user: AuthUser): string => `${user.clientTypeId}:${user.clientId}`;

/**
 * The customer hierarchy (issue 3): a user sees its own client and the clients below it.
 * Provider: everything; reseller: itself, its end customers and their end users;
 * end customer: itself and its end users; end user: itself.
 */
export function clientScope(user: AuthUser, clientIdColumn: Expression<number | null>): Expression<SqlBool> {
  if (user.clientTypeId === ClientType.PROVIDER) return sql<SqlBool>`true`;
  const own = user.clientId;
  // Checked per row, with one or two key lookups: a page that walks an index checks only the rows it
  // reads, and a single record costs two lookups. (The set of a reseller's 6,700 clients and their end
  // users, built first, cost 6 ms on every reseller request.) PostgreSQL may still hash the subquery
  // where many rows are checked. A NULL client stays NULL (unknown), as the comparison makes it.
  return sql<SqlBool>`(${clientIdColumn} = ${own} or exists (
    select 1 from clients s left join clients sp on sp.id = s.parent_client_id
    where s.id = ${clientIdColumn} and (s.parent_client_id = ${own} or sp.parent_client_id = ${own})))`;
}

/**
 * The ids of the clients a user below the provider sees (its own, its children, their children: the
 * hierarchy of clientScope) as one subquery, for `client_id in (…)`: a semi-join on the client_id
 * index, where `client_id = own or client_id in (…)` makes PostgreSQL filter every row.
 */
export function clientIdsInScope(user: AuthUser): RawBuilder<number> {
  const own = user.clientId;
  return sql<number>`select ${own}::int union all select s1.id from clients s1 where s1.parent_client_id = ${own}
    union all select s2.id from clients s2 join clients s2p on s2p.id = s2.parent_client_id where
      s2p.parent_client_id = ${own}`;
}

/**
 * The same part of the hierarchy on a table whose rows carry their client's lineage (`reseller_id`,
 * `end_customer_id`, kept by triggers: migration 20261126T0100-client-lineage): one column of the row
 * compared, so an index on that column in list order reads only the user's rows.
 */
export function lineageScope(user: AuthUser, table: string): RawBuilder<SqlBool> {
  if (user.clientTypeId === ClientType.PROVIDER) return sql<SqlBool>`true`;
  const column = lineageColumns[user.clientTypeId] ?? 'client_id'; // an end user sees its own rows
  return sql<SqlBool>`${sql.ref(`${table}.${column}`)} = ${user.clientId}`;
}

const lineageColumns: Partial<Record<number, string>> = {
  [ClientType.RESELLER]: 'reseller_id',
  [ClientType.EINDKLANT]: 'end_customer_id',
};

export async function isClientInScope(
  db: Executor,
  user: AuthUser,
  clientId: number | null | undefined,
): Promise<boolean> {
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
export async function assertClientInScope(
  db: Executor,
  user: AuthUser,
  clientId: number | null | undefined,
): Promise<void> {
  if (!(await isClientInScope(db, user, clientId))) throw notFound();
}
