import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Executor } from '../db/database';

export const SESSION_COOKIE = 'portal_session';

export interface SessionState {
  id: string;
  userId: number | null;
  otpAuthorized: boolean;
  pendingOtpSecret: string | null;
  xsrfToken: string;
}

const randomToken = () => crypto.randomBytes(32).toString('base64url');
/** Only a hash of the cookie value is stored, so a database leak does not leak live sessions. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function loadSession(db: Executor, config: Config, cookieValue: string | undefined): Promise<SessionState | null> {
  if (!cookieValue) return null;
  const id = hashToken(cookieValue);
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const idleLimit = new Date(row.last_seen_at).getTime() + config.sessionIdleMinutes * 60_000;
  if (now > idleLimit || now > new Date(row.expires_at).getTime()) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  // Touch at most once a minute: inactivity is measured in minutes, not requests.
  if (now - new Date(row.last_seen_at).getTime() > 60_000) {
    await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
  }
  return { id, userId: row.user_id, otpAuthorized: row.otp_authorized, pendingOtpSecret: row.pending_otp_secret, xsrfToken: row.xsrf_token };
}

/** Starts a session (anonymous or for a user) and sets its cookie; the old one, if any, ends. */
export async function startSession(
  db: Executor, config: Config, reply: FastifyReply, opts: { userId: number | null; previous?: SessionState | null },
): Promise<SessionState> {
  if (opts.previous) await db.deleteFrom('sessions').where('id', '=', opts.previous.id).execute();
  const token = randomToken();
  const session: SessionState = {
    id: hashToken(token),
    userId: opts.userId,
    otpAuthorized: false,
    pendingOtpSecret: null,
    xsrfToken: opts.previous?.xsrfToken ?? randomToken(),
  };
  await db.insertInto('sessions').values({
    id: session.id,
    user_id: session.userId,
    xsrf_token: session.xsrfToken,
    last_seen_at: new Date(),
    expires_at: new Date(Date.now() + config.sessionMaxHours * 3_600_000),
  }).execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: config.sessionMaxHours * 3600,
  });
  return session;
}

export async function endSession(db: Executor, reply: FastifyReply, session: SessionState | null): Promise<void> {
  if (session) await db.deleteFrom('sessions').where('id', '=', session.id).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function sessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
}
