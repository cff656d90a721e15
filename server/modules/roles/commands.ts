import { sql } from 'kysely';
import { SUPERUSER_ROLE } from '@domain/enums';
import { roleMsg, type RoleInput } from '@domain/schemas/roles';
import type { Executor, ExecutorFor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError, forbidden, notFound } from '../../http/errors';
import { whenSet } from '../../http/list-params';
import { clientScope } from '../../http/scope';
import { isProviderRole, roleChangeable, roleVisible } from './ownership';
import { recordEvents } from '../events';
import { visibleRoles } from './lists';

/**
 * A name is free for a role of `ownerId` when no role seen from that client has it: not a template
 * above it, not one of its own, not one below it (whose users would see both). Another tenant's
 * names stay free, so a name says nothing about another tenant.
 */
async function assertNameFree(db: Executor, actor: AuthUser, ownerId: number, name: string, exceptId: number | null) {
  const owner =
    ownerId === actor.clientId
      ? actor
      : {
          ...actor,
          clientId: ownerId,
          clientTypeId: (
            await db.selectFrom('clients').select('client_type_id').where('id', '=', ownerId).executeTakeFirstOrThrow()
          ).client_type_id,
        };
  const other = await visibleRoles(db, owner)
    .select('roles.id')
    .where(sql`lower(roles.name)`, '=', name.toLowerCase())
    .$call(whenSet(exceptId, (q, id) => q.where('roles.id', '!=', id)))
    .executeTakeFirst();
  if (other) throw ValidationError.field('name', roleMsg.nameTaken);
}

/** POST /api/roles: the role belongs to the actor's own client. */
export async function createRole(trx: Trx, actor: AuthUser, input: RoleInput) {
  await assertNameFree(trx, actor, actor.clientId, input.name, null);
  const role = await trx
    .insertInto('roles')
    .values({ client_id: actor.clientId, name: input.name, description: input.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordEvents(trx, actor, [{ action: `Rol ${input.name} aangemaakt` }]);
  return role.id;
}

export async function updateRole(trx: Trx, actor: AuthUser, id: number, input: RoleInput) {
  const role = await roleRow(trx, actor, id);
  if (role.name === SUPERUSER_ROLE && input.name !== SUPERUSER_ROLE)
    throw ValidationError.field('name', roleMsg.superuserName);
  if (role.name !== SUPERUSER_ROLE && input.name.toLowerCase() === SUPERUSER_ROLE.toLowerCase())
    throw ValidationError.field('name', roleMsg.nameTaken);
  await assertNameFree(trx, actor, role.client_id, input.name, id);
  await trx
    .updateTable('roles')
    .set({ name: input.name, description: input.description })
    .where('id', '=', id)
    .execute();
  await recordEvents(trx, actor, [{ action: `Rol ${input.name} gewijzigd` }]);
}

/** Refused for the Superuser role and while any active user holds the role. */
export async function deleteRole(trx: Trx, actor: AuthUser, id: number) {
  const role = await roleRow(trx, actor, id);
  if (role.name === SUPERUSER_ROLE) throw new HttpError(409, roleMsg.superuserDelete);
  const holders = await trx
    .selectFrom('role_user')
    .innerJoin('users', 'users.id', 'role_user.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_user.role_id', '=', id)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(holders.n) > 0) throw new HttpError(409, roleMsg.inUse(Number(holders.n)));
  await trx.deleteFrom('roles').where('id', '=', id).execute();
  await recordEvents(trx, actor, [{ action: `Rol ${role.name} verwijderd` }]);
  return role;
}

/**
 * POST /api/roles/{id}/permissions: replaces the role's rights. The Superuser role always has every
 * right; anyone but a Superuser may only tick or untick rights it holds itself.
 */
export async function setRolePermissions(trx: Trx, actor: AuthUser, id: number, wanted: (string | number)[]) {
  const role = await roleRow(trx, actor, id, true);
  const all = await trx.selectFrom('permissions').select(['id', 'name']).execute();
  const ids = new Set<number>();
  for (const w of wanted) {
    const found = all.find((p) => (typeof w === 'number' ? p.id === w : p.name === w || String(p.id) === w));
    if (!found) throw ValidationError.field('permissions', roleMsg.unknownPermission(String(w)));
    ids.add(found.id);
  }
  if (role.name === SUPERUSER_ROLE) {
    if (ids.size !== all.length) throw ValidationError.field('permissions', roleMsg.superuserRights);
    return;
  }
  const current = new Set(
    (await trx.selectFrom('permission_role').select('permission_id').where('role_id', '=', id).execute()).map(
      (r) => r.permission_id,
    ),
  );
  const changed = all.filter((p) => ids.has(p.id) !== current.has(p.id));
  if (!actor.isSuperuser) {
    const notHeld = changed.find((p) => !actor.permissions.has(p.name));
    if (notHeld) throw ValidationError.field('permissions', roleMsg.permissionNotHeld(notHeld.name));
  }
  await trx.deleteFrom('permission_role').where('role_id', '=', id).execute();
  if (ids.size)
    await trx
      .insertInto('permission_role')
      .values([...ids].map((permission_id) => ({ permission_id, role_id: id })))
      .execute();
  await recordEvents(trx, actor, [{ action: `Rechten van rol ${role.name} gewijzigd` }]);
}

/**
 * Who may change or delete a role (./ownership.ts, ./README.md): a role of another tenant does not
 * exist for the actor (404); a template from above (the provider's, or a reseller's seen from its end
 * customer) may be granted but not changed (403); the Superuser role is for Superusers only; and a
 * role that an active user outside the actor's scope holds stays the provider's to change.
 */
export async function assertMayChangeRole(db: Executor, actor: AuthUser, id: number) {
  const role = await roleRow(db, actor, id);
  const changeable = await db
    .selectFrom('roles')
    .select('id')
    .where('id', '=', id)
    .where((eb) => roleChangeable(actor, eb.ref('roles.client_id')))
    .executeTakeFirst();
  if (!changeable) throw forbidden(isProviderRole(role.client_id) ? roleMsg.providerTemplate : roleMsg.parentTemplate);
  if (role.name === SUPERUSER_ROLE && !actor.isSuperuser)
    throw forbidden('Alleen een Superuser mag de rol Superuser wijzigen.');
  const outside = await db
    .selectFrom('role_user')
    .innerJoin('users', 'users.id', 'role_user.user_id')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .select('users.id')
    .where('role_user.role_id', '=', id)
    .where('users.deleted_at', 'is', null)
    .where((eb) => eb.not(clientScope(actor, eb.ref('contacts.client_id'))))
    .limit(1)
    .executeTakeFirst();
  if (outside) throw forbidden(roleMsg.heldOutsideScope);
}

/**
 * A role the actor sees (404 otherwise); `forUpdate` locks it for the rest of the transaction (a command that replaces
 * its rights).
 */
async function roleRow<Lock extends boolean = false>(
  db: ExecutorFor<Lock>,
  actor: AuthUser,
  id: number,
  forUpdate?: Lock,
) {
  const role = await db
    .selectFrom('roles')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => roleVisible(actor, eb.ref('roles.client_id')))
    .$if(!!forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!role) throw notFound('Rol niet gevonden');
  return role;
}
