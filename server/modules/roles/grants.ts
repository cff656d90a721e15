import { SUPERUSER_ROLE } from '@domain/enums';
import { userMsg } from '@domain/schemas/users';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError } from '../../http/errors';
import { roleUsableFor } from './ownership';

/**
 * Who may grant which role (issue 3; the spec is silent, see server/modules/roles/README.md):
 * - a Superuser may grant and take away every role;
 * - anyone else may only grant a role whose rights it holds itself (no one can hand out more than
 *   it has), and may never grant or take away the Superuser role;
 * - the Superuser role never loses its last active holder;
 * - a role is granted only within its owner's part of the hierarchy (./ownership.ts): a template from
 *   above, or a role of the user's own client; another tenant's role does not exist for the form.
 */
async function rightsOfRoles(db: Executor, roleIds: number[], targetClientId: number) {
  if (roleIds.length === 0) return new Map<number, { name: string; rights: string[] }>();
  const rows = await db
    .selectFrom('roles')
    .leftJoin('permission_role', 'permission_role.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'permission_role.permission_id')
    .select(['roles.id', 'roles.name', 'permissions.name as right'])
    .where('roles.id', 'in', roleIds)
    .where((eb) => roleUsableFor(eb.ref('roles.client_id'), targetClientId))
    .execute();
  const roles = new Map<number, { name: string; rights: string[] }>();
  for (const r of rows) {
    const role = roles.get(r.id) ?? { name: r.name, rights: [] };
    if (r.right) role.rights.push(r.right);
    roles.set(r.id, role);
  }
  return roles;
}

/** Throws a 422 on `field` when a role does not exist for the user's client or the actor may not grant it. */
export async function assertMayGrant(
  db: Executor,
  actor: AuthUser,
  roleIds: number[],
  targetClientId: number,
  field: string,
): Promise<void> {
  const roles = await rightsOfRoles(db, roleIds, targetClientId);
  for (const roleId of roleIds) {
    const role = roles.get(roleId);
    if (!role) throw ValidationError.field(field, userMsg.roleUnknown);
    if (actor.isSuperuser) continue;
    if (role.name === SUPERUSER_ROLE) throw ValidationError.field(field, userMsg.superuserOnly);
    if (!role.rights.every((r) => actor.permissions.has(r))) throw ValidationError.field(field, userMsg.roleNotAllowed);
  }
}

/**
 * The Superuser role's id, locked for the rest of the transaction, so two requests cannot each
 * take the role from one of the last two holders.
 */
export async function lockSuperuserRole(trx: Trx): Promise<number | null> {
  const row = await trx
    .selectFrom('roles')
    .select('id')
    .where('name', '=', SUPERUSER_ROLE)
    .forUpdate()
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Active (not deleted) users holding the Superuser role. */
export async function superuserIds(db: Executor, superuserRoleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('users', 'users.id', 'role_user.user_id')
    .select('users.id')
    .where('role_user.role_id', '=', superuserRoleId)
    .where('users.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** True when `userId` is the only active Superuser. */
export async function isLastSuperuser(trx: Trx, userId: number): Promise<boolean> {
  const roleId = await lockSuperuserRole(trx);
  if (roleId === null) return false;
  const holders = await superuserIds(trx, roleId);
  return holders.length === 1 && holders[0] === userId;
}
