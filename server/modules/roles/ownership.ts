import { sql, type Expression, type SqlBool } from 'kysely';
import { PROVIDER_CLIENT_ID } from '@domain/enums';
import type { AuthUser } from '../../http/access';
import { clientScope } from '../../http/scope';

/**
 * Roles belong to a client (issue 22 point 3, migration 20261126T1600-role-owners):
 * - a role is *usable* for a client (may be granted to its users) when it belongs to that client or
 *   to one above it: the provider's roles are templates for everyone, a reseller's serve its own part;
 * - a user *sees* the roles usable for its own client and those of the clients in its scope;
 * - a user *changes* only roles of clients in its scope: the provider's users every role, a reseller
 *   its own and its end customers', never a template from above (403).
 */
export function roleUsableFor(owner: Expression<number>, clientId: number): Expression<SqlBool> {
  // The hierarchy has at most four levels: provider, reseller, end customer, end user.
  return sql<SqlBool>`exists (select 1 from clients oc left join clients op on op.id = oc.parent_client_id
    left join clients og on og.id = op.parent_client_id
    where oc.id = ${clientId} and ${owner} in (oc.id, oc.parent_client_id, op.parent_client_id, og.parent_client_id))`;
}

export function roleVisible(actor: AuthUser, owner: Expression<number>): Expression<SqlBool> {
  return sql<SqlBool>`(${clientScope(actor, owner)} or ${roleUsableFor(owner, actor.clientId)})`;
}

export function roleChangeable(actor: AuthUser, owner: Expression<number>): Expression<SqlBool> {
  return clientScope(actor, owner);
}

export const isProviderRole = (clientId: number) => clientId === PROVIDER_CLIENT_ID;
