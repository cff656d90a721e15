import { SUPERUSER_ROLE } from '@domain/enums';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import type { RoleDetail } from '@domain/contracts/roles';
import { editableBy, usersCount, visibleRoles } from './lists';

/** GET /api/roles/{id}: name, description, number of users, rights. */
export async function roleDetail(db: Executor, actor: AuthUser, id: number): Promise<RoleDetail> {
  const role = await visibleRoles(db, actor)
    .select([
      'roles.id',
      'roles.name',
      'roles.description',
      usersCount(actor).as('users_count'),
      editableBy(actor).as('editable'),
    ])
    .where('roles.id', '=', id)
    .executeTakeFirst();
  if (!role) throw notFound('Rol niet gevonden');
  const permissions = await db
    .selectFrom('permission_role')
    .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
    .select(['permissions.id', 'permissions.name'])
    .where('permission_role.role_id', '=', id)
    .orderBy('permissions.id')
    .execute();
  const count = Number(role.users_count);
  return { ...role, users_count: count, users: count, is_superuser: role.name === SUPERUSER_ROLE, permissions };
}
