import { userMsg, type ProfileUpdateInput, type UserUpdateInput } from '@domain/schemas/users';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError } from '../../http/errors';
import { assertMayGrant, isLastSuperuser, lockSuperuserRole, superuserIds } from '../roles';
import { recordEvents } from '../events';
import { userRow } from './detail';
import { assertEmailFree, assertMayTakeCharge } from './guards';

/** Replaces a user's roles after the grant rules (server/modules/roles/grants.ts). */
export async function setUserRoles(trx: Trx, actor: AuthUser, userId: number, roleIds: number[], field = 'role') {
  const wanted = [...new Set(roleIds)];
  const current = (await trx.selectFrom('role_user').select('role_id').where('user_id', '=', userId).execute()).map(
    (r) => r.role_id,
  );
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  const target = await trx
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .select('contacts.client_id')
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  await assertMayGrant(trx, actor, added, target.client_id, field);
  const superuserRoleId = await lockSuperuserRole(trx);
  if (superuserRoleId !== null && removed.includes(superuserRoleId)) {
    if (!actor.isSuperuser) throw ValidationError.field(field, userMsg.superuserOnly);
    const holders = await superuserIds(trx, superuserRoleId);
    if (holders.length === 1 && holders[0] === userId) throw ValidationError.field(field, userMsg.lastSuperuser);
  }
  if (removed.length)
    await trx.deleteFrom('role_user').where('user_id', '=', userId).where('role_id', 'in', removed).execute();
  if (added.length)
    await trx
      .insertInto('role_user')
      .values(added.map((role_id) => ({ role_id, user_id: userId })))
      .execute();
  return added.length > 0 || removed.length > 0;
}

/** PUT /api/users/{id} ('Gebruiker wijzigen'). */
export async function updateUser(trx: Trx, actor: AuthUser, id: number, input: UserUpdateInput) {
  const user = await userRow(trx, actor, id);
  await assertMayTakeCharge(trx, actor, id);
  await assertEmailFree(trx, input.email, id);
  await trx.updateTable('users').set({ name: input.name, email: input.email }).where('id', '=', id).execute();
  if (input.role) await setUserRoles(trx, actor, id, input.role);
  await recordEvents(trx, actor, [{ client_id: user.client_id, action: `Gebruiker ${input.name} gewijzigd` }]);
}

/** PUT /api/profile: own name and e-mail; roles are not the user's own to change. */
export async function updateProfile(trx: Trx, actor: AuthUser, input: ProfileUpdateInput) {
  await assertEmailFree(trx, input.email, actor.id);
  await trx.updateTable('users').set({ name: input.name, email: input.email }).where('id', '=', actor.id).execute();
  await recordEvents(trx, actor, [{ client_id: actor.clientId, action: `Gebruiker ${input.name} gewijzigd` }]);
}

/**
 * Soft-deletes an account and ends its sessions. Refused for the actor's own account and for the
 * last Superuser. Used by DELETE /api/users/{id} and by contacts (has_account false, delete).
 */
export async function removeAccount(trx: Trx, actor: AuthUser, userId: number) {
  if (userId === actor.id) throw new HttpError(409, userMsg.deleteSelf);
  await assertMayTakeCharge(trx, actor, userId);
  if (await isLastSuperuser(trx, userId)) throw new HttpError(409, userMsg.lastSuperuserDelete);
  const user = await trx
    .updateTable('users')
    .set({ deleted_at: new Date() })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning(['contact_id', 'name'])
    .executeTakeFirst();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  if (user) await trx.updateTable('contacts').set({ has_account: false }).where('id', '=', user.contact_id).execute();
  return user;
}

/** DELETE /api/users/{id} ('Gebruiker verwijderen'). */
export async function deleteUser(trx: Trx, actor: AuthUser, id: number) {
  const user = await userRow(trx, actor, id);
  await removeAccount(trx, actor, id);
  await recordEvents(trx, actor, [{ client_id: user.client_id, action: `Gebruiker ${user.name} verwijderd` }]);
}

/** POST /api/{userId}/disable-2fa ('2FA uitschakelen'): the user sets it up again at the next sign-in. */
export async function disableTwoFactor(trx: Trx, actor: AuthUser, id: number) {
  const user = await userRow(trx, actor, id);
  await assertMayTakeCharge(trx, actor, id);
  if (!user.otp_enabled) throw new HttpError(409, userMsg.otpNotEnabled);
  await trx
    .updateTable('users')
    .set({ otp_enabled: false, otp_secret: null, otp_last_step: null })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  await recordEvents(trx, actor, [
    { client_id: user.client_id, action: `Tweestapsverificatie van ${user.name} uitgeschakeld` },
  ]);
}
