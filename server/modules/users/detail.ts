import { userMsg } from '@domain/schemas/users';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, notFound } from '../../http/errors';
import type { Answer } from '../../http/route-schema';
import type { UserDetail } from '@domain/contracts/users';
import { rolesOfUsers, scopedUsers } from './lists';
import { mayTakeCharge } from './guards';

export async function userRow(db: Executor, actor: AuthUser, id: number) {
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

/** The account of a user that has not been activated yet, for a new activation mail. */
export async function pendingActivation(db: Executor, actor: AuthUser, id: number) {
  const user = await userRow(db, actor, id);
  if (user.activated_at !== null) throw new HttpError(409, userMsg.alreadyActivated);
  return { id: user.id, name: user.name, email: user.email };
}
