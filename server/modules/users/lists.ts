import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern } from '../../http/search-terms';
import { pageList } from '../../http/paging';
import { personSortKey } from '../../http/name-sort';
import { sortColumn, type ListParams } from '../../http/list-params';
import { clientScope } from '../../http/scope';
import type { Answer } from '../../http/route-schema';
import type { Paged } from '@domain/paged';
import type { UserListRow } from '@domain/contracts/users';

/** Users of clients in the actor's scope (the customer hierarchy), never deleted ones. */
export function scopedUsers(db: Executor, actor: AuthUser) {
  return db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .where('users.deleted_at', 'is', null)
    .where((eb) => clientScope(actor, eb.ref('contacts.client_id')));
}

export async function rolesOfUsers(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .select(['role_user.user_id', 'roles.id', 'roles.name'])
    .where('role_user.user_id', 'in', userIds)
    .orderBy('roles.name')
    .execute();
  const byUser = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), { id: r.id, name: r.name }]);
  return byUser;
}

function listQuery(db: Executor, actor: AuthUser, params: ListParams) {
  // Names by their keys (domain/names.ts): a user is a person, the client's key is its column name_sort.
  const column = sortColumn(params, { name: 'name', email: 'users.email', client: 'clients.name_sort' }, 'name');
  const sort = column === 'name' ? personSortKey(sql.ref('users.name')) : sql.ref(column);
  return scopedUsers(db, actor)
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.otp_enabled',
      'users.activated_at',
      'users.created_at',
      'clients.id as client_id',
      'clients.name as client_name',
    ])
    .$if(params.search !== '', (q) =>
      q.where((eb) =>
        eb.or([
          eb('users.name', 'ilike', likePattern(params.search)),
          eb('users.email', 'ilike', likePattern(params.search)),
        ]),
      ),
    )
    .orderBy(sort, params.order)
    .orderBy('users.id', params.order);
}

/** GET /api/users: Naam, Email, Rol (spec 2 §2.12), paged, search on name or e-mail. */
export async function listUsers(
  db: Executor,
  actor: AuthUser,
  params: ListParams,
  basePath: string,
): Promise<Answer<Paged<UserListRow>>> {
  const page = await pageList(db, params, { rows: () => listQuery(db, actor, params), total: 'counted', basePath });
  const roles = await rolesOfUsers(
    db,
    page.data.map((u) => u.id),
  );
  return {
    ...page,
    data: page.data.map((u) => {
      const own = roles.get(u.id) ?? [];
      return { ...u, roles: own, role: own.map((r) => r.name).join(', ') };
    }),
  };
}

/** Every user of the list (same search), for the export. */
export async function allUsers(db: Executor, actor: AuthUser, params: ListParams) {
  const rows = await listQuery(db, actor, params).limit(100_000).execute();
  const roles = await rolesOfUsers(
    db,
    rows.map((u) => u.id),
  );
  return rows.map((u) => ({ ...u, roles: (roles.get(u.id) ?? []).map((r) => r.name) }));
}
