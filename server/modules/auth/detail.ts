import { sql } from 'kysely';
import { initials } from '@domain/format';
import type { Executor } from '../../db/database';
import { loadAuthUser } from '../../http/access';
import { type SessionState } from '../../http/session';
import type { PendingSessionUserAnswer, SessionUserAnswer } from '@domain/contracts/auth';

export async function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The signed-in user as the app needs it (spec 1 §3 "User session"). Served at GET /api/auth/me. */
export async function sessionUser(
  db: Executor,
  session: SessionState,
): Promise<SessionUserAnswer | PendingSessionUserAnswer | null> {
  const user = session.userId ? await loadAuthUser(db, session.userId) : null;
  if (!user) return null;
  if (!session.otpAuthorized) return { name: user.name, otp_enabled: user.otpEnabled, otp_authorized: false };
  const contact = await db
    .selectFrom('contacts')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select([
      'contacts.id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.email',
      'contacts.phone',
      'clients.id as client_id',
      'clients.name as client_name',
      'clients.client_type_id',
    ])
    .where('contacts.id', '=', user.contactId)
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    initials: initials(user.name),
    roles: user.roles,
    permissions: [...user.permissions].sort(),
    otp_enabled: user.otpEnabled,
    otp_authorized: true,
    contact: {
      id: contact.id,
      first_name: contact.first_name,
      last_name: contact.last_name,
      email: contact.email,
      phone: contact.phone,
      client_id: contact.client_id,
      client: { id: contact.client_id, name: contact.client_name, client_type_id: contact.client_type_id },
    },
  };
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof sessionUser>>>;
