import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Executor } from '../db/database';
import { HttpError } from './errors';

const SESSION_COOKIE = 'portal_session';
/** The anti-forgery token of a visitor without a session (double submit: this cookie and the header must match). */
const XSRF_COOKIE = 'portal_xsrf';
/**
 * Sent when the anti-forgery token changes within a request (two-step verification), so the client can switch at once.
 */
const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface SessionState {
  id: string;
  userId: number | null;
  otpAuthorized: boolean;
  pendingOtpSecret: string | null;
  xsrfToken: string;
  expiresAt: Date;
}

const randomToken = () => crypto.randomBytes(32).toString('base64url');
/** Only a hash of the cookie value is stored, so a database leak does not leak live sessions. */
export const hashToken = (token: string) => crypto.hash('sha256', token, 'hex');

interface SessionRow {
  id: string;
  user_id: number | null;
  otp_authorized: boolean;
  pending_otp_secret: string | null;
  xsrf_token: string;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

/** Inactivity is measured in minutes, not requests: last_seen_at is touched at most this often. */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * The session of a stored row with when it was last seen (now, if this touched it), or null (and the
 * row deleted) when it is past its idle time or its end.
 */
export async function liveSession(
  db: Executor,
  config: Config,
  row: SessionRow,
): Promise<{ session: SessionState; lastSeen: number } | null> {
  const now = Date.now();
  let lastSeen = new Date(row.last_seen_at).getTime();
  if (now > lastSeen + config.sessionIdleMinutes * 60_000 || now > new Date(row.expires_at).getTime()) {
    await db.deleteFrom('sessions').where('id', '=', row.id).execute();
    return null;
  }
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.id)
      .execute();
    lastSeen = now;
  }
  const session = {
    id: row.id,
    userId: row.user_id,
    otpAuthorized: row.otp_authorized,
    pendingOtpSecret: row.pending_otp_secret,
    xsrfToken: row.xsrf_token,
    expiresAt: new Date(row.expires_at),
  };
  return { session, lastSeen };
}

const cookieOptions = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.secureCookies,
  maxAge: config.sessionMaxHours * 3600,
});

/**
 * The token a mutating request must send in X-XSRF-TOKEN: its session's, or for a visitor without a
 * session the one in the anti-forgery cookie. Anonymous visitors get no session row: nothing is stored
 * until sign-in.
 */
export function expectedXsrfToken(request: FastifyRequest): string | null {
  return request.session?.xsrfToken ?? (request.cookies[XSRF_COOKIE] || null);
}

/** The anti-forgery token for a visitor without a session, set as a cookie when it has none yet. */
export function anonymousXsrfToken(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = request.cookies[XSRF_COOKIE];
  if (existing) return existing;
  const token = randomToken();
  reply.setCookie(XSRF_COOKIE, token, cookieOptions(config));
  return token;
}

/**
 * Starts a user's session with a new id and sets its cookie; the old session, if any, ends. The
 * anti-forgery token the client already holds stays valid, so sign-in needs no new token fetch.
 */
export async function startSession(
  db: Executor,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<SessionState> {
  const previous = request.session;
  if (previous) await db.deleteFrom('sessions').where('id', '=', previous.id).execute();
  return insertSession(db, config, reply, {
    userId,
    otpAuthorized: false,
    pendingOtpSecret: null,
    xsrfToken: expectedXsrfToken(request) ?? randomToken(),
    expiresAt: new Date(Date.now() + config.sessionMaxHours * 3_600_000),
  });
}

/**
 * Replaces the session with one under a new id and a new anti-forgery token (after two-step
 * verification), keeping its user and its absolute end. The new token goes out in X-XSRF-TOKEN.
 */
export async function rotateSession(
  db: Executor,
  config: Config,
  reply: FastifyReply,
  session: SessionState,
  changes: Partial<Pick<SessionState, 'otpAuthorized' | 'pendingOtpSecret'>>,
): Promise<SessionState> {
  const deleted = await db.deleteFrom('sessions').where('id', '=', session.id).executeTakeFirst();
  // Two requests rotating the same session at once: only the first one wins it.
  if (Number(deleted.numDeletedRows) !== 1) throw new HttpError(401, 'Je bent niet ingelogd.');
  const rotated = await insertSession(db, config, reply, { ...session, ...changes, xsrfToken: randomToken() });
  reply.header(XSRF_HEADER, rotated.xsrfToken);
  return rotated;
}

async function insertSession(
  db: Executor,
  config: Config,
  reply: FastifyReply,
  state: Omit<SessionState, 'id'>,
): Promise<SessionState> {
  const token = randomToken();
  const session: SessionState = { ...state, id: hashToken(token) };
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      otp_authorized: session.otpAuthorized,
      pending_otp_secret: session.pendingOtpSecret,
      xsrf_token: session.xsrfToken,
      last_seen_at: new Date(),
      expires_at: session.expiresAt,
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(config),
    maxAge: Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)),
  });
  return session;
}

/** Ends the session; the client's token stays valid as the anonymous one, so signing in again needs no new fetch. */
export async function endSession(
  db: Executor,
  config: Config,
  reply: FastifyReply,
  session: SessionState | null,
): Promise<void> {
  if (session) {
    await db.deleteFrom('sessions').where('id', '=', session.id).execute();
    reply.setCookie(XSRF_COOKIE, session.xsrfToken, cookieOptions(config));
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function sessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** Deletes sessions past their absolute end or their idle time; returns how many. */
export async function purgeExpiredSessions(db: Executor, config: Pick<Config, 'sessionIdleMinutes'>): Promise<number> {
  const now = Date.now();
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', new Date(now)),
        eb('last_seen_at', '<', new Date(now - config.sessionIdleMinutes * 60_000)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
