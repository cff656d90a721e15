import { sql } from 'kysely';
import { SUPERUSER_ROLE } from '@domain/enums';
import { userMsg, type ProfileUpdateInput, type UserUpdateInput } from '@domain/schemas/users';
import type { Executor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, ValidationError, forbidden, notFound } from '../../http/errors';
import { likePattern } from '../../http/search-terms';
import { paginate } from '../../http/paging';
import { sortColumn, whenSet, type ListParams } from '../../http/list-params';
import { clientScope } from '../../http/scope';
import { assertMayGrant, isLastSuperuser, lockSuperuserRole, superuserIds } from '../roles';
import { recordEvents } from '../events';
import type { Answer } from '../../http/route-schema';
import type { Paged } from '@domain/paged';
import type { UserDetail, UserListRow } from '@domain/contracts/users';

/** Users of clients in the actor's scope (the customer hierarchy), never deleted ones. */
function scopedUsers(db: Executor, actor: AuthUser) {
  return db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .where('users.deleted_at', 'is', null)
    .where((eb) => clientScope(actor, eb.ref('contacts.client_id')));
}

async function rolesOfUsers(db: Executor, userIds: number[]) {
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
  const sort = sortColumn(params, { name: 'users.name', email: 'users.email', client: 'clients.name' }, 'users.name');
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
    .orderBy(sql.ref(sort), params.order)
    .orderBy('users.id');
}

/** GET /api/users: Naam, Email, Rol (spec 2 §2.12), paged, search on name or e-mail. */
export async function listUsers(
  db: Executor,
  actor: AuthUser,
  params: ListParams,
  basePath: string,
): Promise<Answer<Paged<UserListRow>>> {
  const page = await paginate(listQuery(db, actor, params), params, basePath);
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

async function userRow(db: Executor, actor: AuthUser, id: number) {
  const row = await scopedUsers(db, actor)
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.otp_enabled',
      'users.activated_at',
      'users.created_at',
      'contacts.id as contact_id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.email as contact_email',
      'contacts.phone',
      'clients.id as client_id',
      'clients.name as client_name',
      'clients.client_type_id',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Gebruiker niet gevonden');
  return row;
}

/** GET /api/users/{id}: id, name, email, contact{email}, roles[{id,name}], otp_enabled (spec 2 §3). */
export async function userDetail(db: Executor, actor: AuthUser, id: number): Promise<Answer<UserDetail>> {
  const u = await userRow(db, actor, id);
  const roles = (await rolesOfUsers(db, [id])).get(id) ?? [];
  const manageable = (await mayTakeCharge(db, actor, id)) === null;
  return {
    manageable,
    id: u.id,
    name: u.name,
    email: u.email,
    otp_enabled: u.otp_enabled,
    activated: u.activated_at !== null,
    created_at: u.created_at,
    roles,
    contact: {
      id: u.contact_id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.contact_email,
      phone: u.phone,
      client_id: u.client_id,
      client: { id: u.client_id, name: u.client_name, client_type_id: u.client_type_id },
    },
  };
}

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
async function mayTakeCharge(db: Executor, actor: AuthUser, userId: number): Promise<string | null> {
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

/** The account of a user that has not been activated yet, for a new activation mail. */
export async function pendingActivation(db: Executor, actor: AuthUser, id: number) {
  const user = await userRow(db, actor, id);
  if (user.activated_at !== null) throw new HttpError(409, userMsg.alreadyActivated);
  return { id: user.id, name: user.name, email: user.email };
}
