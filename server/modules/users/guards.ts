import { sql } from 'kysely';
import { SUPERUSER_ROLE } from '@domain/enums';
import { userMsg } from '@domain/schemas/users';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, forbidden } from '../../http/errors';
import { whenSet } from '../../http/list-params';

/** A 422 on `field` when another active user has this e-mail address (case-insensitive). */
export async function assertEmailFree(db: Executor, email: string, exceptUserId: number | null, field = 'email') {
  const other = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .$call(whenSet(exceptUserId, (q, id) => q.where('id', '!=', id)))
    .executeTakeFirst();
  if (other) throw ValidationError.field(field, userMsg.emailTaken);
}

/** The rights of a user (the union of its roles) and whether it holds the Superuser role. */
async function standingOf(db: Executor, userId: number) {
  const rows = await db
    .selectFrom('role_user')
    .innerJoin('roles', 'roles.id', 'role_user.role_id')
    .leftJoin('permission_role', 'permission_role.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'permission_role.permission_id')
    .select(['roles.name as role', 'permissions.name as right'])
    .where('role_user.user_id', '=', userId)
    .execute();
  return {
    superuser: rows.some((r) => r.role === SUPERUSER_ROLE),
    rights: new Set(rows.flatMap((r) => (r.right ? [r.right] : []))),
  };
}

/** Only a Superuser may change, delete or reset a Superuser. */
export async function assertMayManage(db: Executor, actor: AuthUser, userId: number) {
  if (!actor.isSuperuser && (await standingOf(db, userId)).superuser) throw forbidden(userMsg.superuserTarget);
}

/**
 * Changing another user's e-mail, roles or 2FA, or deleting it, needs every right that user holds
 * (issue 22), the rule that already stops anyone granting a right it lacks: otherwise a user-admin
 * could take over a stronger account through its e-mail address. Only a Superuser touches a Superuser.
 */
export async function assertMayTakeCharge(db: Executor, actor: AuthUser, userId: number) {
  const refusal = await mayTakeCharge(db, actor, userId);
  if (refusal) throw forbidden(refusal);
}

/** Null when the actor may take charge of the user, else the reason it may not. */
export async function mayTakeCharge(db: Executor, actor: AuthUser, userId: number): Promise<string | null> {
  if (actor.isSuperuser || userId === actor.id) return null;
  const target = await standingOf(db, userId);
  if (target.superuser) return userMsg.superuserTarget;
  if ([...target.rights].some((r) => !actor.permissions.has(r))) return userMsg.strongerTarget;
  return null;
}

/**
 * The rules of PUT /api/users/{id} and DELETE /api/users/{id}, for changes that reach an account by
 * another way (a contact with an account, issue 7): changing its name or e-mail needs
 * 'Gebruiker wijzigen', ending it 'Gebruiker verwijderen', and only a Superuser touches a Superuser.
 * One's own name and e-mail are free to change, as on the profile page.
 */
export async function assertMayChangeAccount(
  db: Executor,
  actor: AuthUser,
  userId: number,
  change: 'update' | 'delete',
) {
  if (userId === actor.id) return; // removeAccount refuses ending one's own account
  if (change === 'update' && !actor.permissions.has('Gebruiker wijzigen')) throw forbidden(userMsg.accountChangeRight);
  if (change === 'delete' && !actor.permissions.has('Gebruiker verwijderen'))
    throw forbidden(userMsg.accountDeleteRight);
  await assertMayTakeCharge(db, actor, userId);
}
