import { sql } from 'kysely';
import { SUPERUSER_ROLE } from '@domain/enums';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern } from '../../http/search-terms';
import { pageList } from '../../http/paging';
import { sortColumn, type ListParams } from '../../http/list-params';
import { clientScope } from '../../http/scope';
import { roleChangeable, roleVisible } from './ownership';
import type { Paged } from '@domain/paged';
import type { RoleListRow } from '@domain/contracts/roles';

/** Holders of each role the actor can see (users of clients in its scope, not deleted). */
export function usersCount(actor: AuthUser) {
  return sql<number>`(select count(*) from role_user ru join users u on u.id = ru.user_id join contacts c on c.id =
    u.contact_id
    where ru.role_id = roles.id and u.deleted_at is null and ${clientScope(actor, sql.ref('c.client_id'))})`;
}

/** True when the actor may change the role (its own part of the hierarchy; the Superuser role for Superusers only). */
export function editableBy(actor: AuthUser) {
  return sql<boolean>`(${roleChangeable(actor, sql.ref('roles.client_id'))} and (roles.name <> ${SUPERUSER_ROLE} or
    ${actor.isSuperuser}))`;
}

/** The roles the actor sees (./ownership.ts): the templates above it and the roles of its own part of the hierarchy. */
export function visibleRoles(db: Executor, actor: AuthUser) {
  return db.selectFrom('roles').where((eb) => roleVisible(actor, eb.ref('roles.client_id')));
}

/** GET /api/roles: Rol, Omschrijving, Gebruikers (spec 2 §2.13), paged; only the roles the actor sees. */
export async function listRoles(
  db: Executor,
  actor: AuthUser,
  params: ListParams,
  basePath: string,
): Promise<Paged<RoleListRow>> {
  const sort = sortColumn(
    params,
    { name: 'roles.name', description: 'roles.description', users: 'users_count' },
    'roles.name',
  );
  const query = visibleRoles(db, actor)
    .select([
      'roles.id',
      'roles.name',
      'roles.description',
      usersCount(actor).as('users_count'),
      editableBy(actor).as('editable'),
    ])
    .$if(params.search !== '', (q) =>
      q.where((eb) =>
        eb.or([
          eb('roles.name', 'ilike', likePattern(params.search)),
          eb('roles.description', 'ilike', likePattern(params.search)),
        ]),
      ),
    )
    .orderBy(sql.ref(sort), params.order)
    .orderBy('roles.id');
  const page = await pageList(db, params, { rows: () => query, total: 'counted', basePath });
  return {
    ...page,
    data: page.data.map((r) => ({ ...r, users_count: Number(r.users_count), users: Number(r.users_count) })),
  };
}
