import crypto from 'node:crypto';
import { sql, type InferResult } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@domain/permissions';
import { SUPERUSER_ROLE } from '@domain/enums';
import type { Executor } from '../db/database';
import { HttpError, forbidden } from './errors';
import {
  expectedXsrfToken,
  hashToken,
  liveSession,
  sessionCookie,
  TOUCH_INTERVAL_MS,
  type SessionState,
} from './session';
import { SessionCache } from './session-cache';
import type { AuthChanges } from '../db/auth-changes';

/**
 * Who may call a route. Every route declares one in `config.access`:
 * - 'public': anyone, also without a session (sign-in, token, password reset);
 * - 'signed-in': a user who passed the password step, also before two-step verification;
 * - 'verified': a signed-in user who passed two-step verification, no specific right;
 * - { right }: verified and holding that right (by name, spec §6).
 */
export type Access = 'public' | 'signed-in' | 'verified' | { right: Permission };

export const right = (name: Permission): Access => ({ right: name });

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  contactId: number;
  clientId: number;
  clientTypeId: number;
  otpEnabled: boolean;
  roles: string[];
  permissions: Set<string>;
  isSuperuser: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: SessionState | null;
    user: AuthUser | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Roles and rights of `users.id`, as two JSON array columns of the statement they are part of. JSON,
 * not PostgreSQL arrays: the driver reads JSON with JSON.parse and an array with a parser written in
 * JavaScript; for the forty rights of a superuser that was 0.13 ms of CPU on every request.
 */
const rolesOfUser = sql<
  string[] | null
>`(select json_agg(r.name order by r.name) from role_user ru join roles r on r.id = ru.role_id
  where ru.user_id = users.id)`;
const rightsOfUser = sql<
  string[] | null
>`(select json_agg(distinct p.name) from role_user ru join permission_role pr on pr.role_id = ru.role_id
  join permissions p on p.id = pr.permission_id where ru.user_id = users.id)`;

interface UserColumns {
  user_id: number | null;
  name: string | null;
  email: string | null;
  otp_enabled: boolean | null;
  contact_id: number | null;
  client_id: number | null;
  client_type_id: number | null;
  roles: string[] | null;
  permissions: string[] | null;
}

function authUser(row: UserColumns): AuthUser | null {
  if (row.user_id == null || row.contact_id == null) return null;
  const roles = row.roles ?? [];
  return {
    id: row.user_id,
    name: row.name!,
    email: row.email!,
    contactId: row.contact_id,
    clientId: row.client_id!,
    clientTypeId: row.client_type_id!,
    otpEnabled: row.otp_enabled!,
    roles,
    permissions: new Set(row.permissions ?? []),
    isSuperuser: roles.includes(SUPERUSER_ROLE),
  };
}

export async function loadAuthUser(db: Executor, userId: number): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select([
      'users.id as user_id',
      'users.name',
      'users.email',
      'users.otp_enabled',
      'contacts.id as contact_id',
      'clients.id as client_id',
      'clients.client_type_id',
      rolesOfUser.as('roles'),
      rightsOfUser.as('permissions'),
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? authUser(row) : null;
}

/** The session with its user, roles and rights; `id` is the hashed cookie. */
function sessionQuery(db: Executor, id: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('users', (join) => join.onRef('users.id', '=', 'sessions.user_id').on('users.deleted_at', 'is', null))
    .leftJoin('contacts', 'contacts.id', 'users.contact_id')
    .leftJoin('clients', 'clients.id', 'contacts.client_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.otp_authorized',
      'sessions.pending_otp_secret',
      'sessions.xsrf_token',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.name',
      'users.email',
      'users.otp_enabled',
      'contacts.id as contact_id',
      'clients.id as client_id',
      'clients.client_type_id',
      rolesOfUser.as('roles'),
      rightsOfUser.as('permissions'),
    ])
    .where('sessions.id', '=', id);
}

type SessionUserRow = InferResult<ReturnType<typeof sessionQuery>>[number];

/**
 * The session of a cookie with its user, roles and rights: from the session cache while it may serve
 * it, else in one statement (`compiled`: sessionQuery compiled once, only the session id changes from
 * request to request). A changed role or right counts from the next request on in the process that
 * changed it, and in others once PostgreSQL's notification has arrived (server/http/session-cache.ts).
 */
function sessionReader(db: Executor, app: FastifyInstance, cache: SessionCache | null) {
  const compiled = sessionQuery(db, '').compile();
  const read = async (id: string): Promise<SessionRead> => {
    const mark = cache?.mark();
    const {
      rows: [row],
    } = await db.executeQuery<SessionUserRow>({ ...compiled, parameters: [id] });
    if (!row) return NO_SESSION;
    const live = await liveSession(db, app.config, row);
    if (!live) return NO_SESSION;
    const found = { session: live.session, user: authUser(row), lastSeen: live.lastSeen };
    cache?.set(id, found, mark!);
    return found;
  };
  // What is known at once (no cookie, a cached session) is returned as it is, not as a promise.
  return (cookieValue: string | undefined): SessionRead | Promise<SessionRead> => {
    if (!cookieValue) return NO_SESSION;
    const id = hashToken(cookieValue);
    return cache?.get(id, Date.now()) ?? read(id);
  };
}

interface SessionRead {
  session: SessionState | null;
  user: AuthUser | null;
}

const NO_SESSION: SessionRead = Object.freeze({ session: null, user: null });

/**
 * Session, anti-forgery and access checks, before any body is read. With `authChanges` sessions are
 * cached (server/http/session-cache.ts); without, each request reads its session.
 */
export function registerAccessControl(app: FastifyInstance, db: Executor, authChanges?: AuthChanges): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  const cache = authChanges
    ? new SessionCache(authChanges, Math.min(TOUCH_INTERVAL_MS, app.config.sessionIdleMinutes * 60_000))
    : null;
  if (cache) app.addHook('onClose', async () => cache.close());
  const readSession = sessionReader(db, app, cache);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(
        `Route ${route.method} ${route.url} declares no access; add config.access (see server/http/access.ts)`,
      );
    }
  });

  // A callback hook: a cached session, nearly every request, is checked without a promise on the way.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access) return done(); // static files and the not-found handler
    const read = readSession(sessionCookie(request));
    if (read instanceof Promise) read.then((found) => done(admission(request, access, found)), done);
    else done(admission(request, access, read));
  });
}

/** Puts the session and its user on the request; the error that refuses the request, if any. */
function admission(request: FastifyRequest, access: Access, { session, user }: SessionRead): HttpError | undefined {
  request.session = session;
  if (MUTATING.has(request.method)) {
    const header = request.headers['x-xsrf-token'];
    const expected = expectedXsrfToken(request);
    if (!expected || typeof header !== 'string' || !sameToken(header, expected)) {
      return new HttpError(419, 'Je sessie is verlopen. Probeer het opnieuw.');
    }
  }
  if (access === 'public') return undefined;

  if (!user) return new HttpError(401, 'Je bent niet ingelogd.');
  request.user = user;
  if (access === 'signed-in') return undefined;
  if (!session!.otpAuthorized) return new HttpError(401, 'Tweestapsverificatie is vereist.');
  if (access === 'verified') return undefined;
  if (!user.permissions.has(access.right)) return forbidden();
  return undefined;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The signed-in user of a route that declared any access other than 'public'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'Je bent niet ingelogd.');
  return request.user;
}
