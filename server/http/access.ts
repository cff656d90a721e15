import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../src/domain/permissions';
import { SUPERUSER_ROLE } from '../../src/domain/enums';
import type { Executor } from '../db/database';
import { HttpError, forbidden } from './errors';
import { expectedXsrfToken, loadSession, sessionCookie, type SessionState } from './session';

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

export async function loadAuthUser(db: Executor, userId: number): Promise<AuthUser | null> {
  // One round trip: this runs on every request, and rights are read fresh so a changed role counts at once.
  const row = await db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select([
      'users.id', 'users.name', 'users.email', 'users.otp_enabled', 'contacts.id as contact_id', 'clients.id as client_id', 'clients.client_type_id',
      sql<string[]>`coalesce((select array_agg(r.name order by r.name) from role_user ru join roles r on r.id = ru.role_id
        where ru.user_id = users.id), '{}')`.as('roles'),
      sql<string[]>`coalesce((select array_agg(distinct p.name) from role_user ru join permission_role pr on pr.role_id = ru.role_id
        join permissions p on p.id = pr.permission_id where ru.user_id = users.id), '{}')`.as('permissions'),
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    contactId: row.contact_id,
    clientId: row.client_id,
    clientTypeId: row.client_type_id,
    otpEnabled: row.otp_enabled,
    roles: row.roles,
    permissions: new Set(row.permissions),
    isSuperuser: row.roles.includes(SUPERUSER_ROLE),
  };
}

/** Session, anti-forgery and access checks, before any body is read. */
export function registerAccessControl(app: FastifyInstance, db: Executor): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access; add config.access (see server/http/access.ts)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // static files and the not-found handler
    request.session = await loadSession(db, app.config, sessionCookie(request));

    if (MUTATING.has(request.method)) {
      const header = request.headers['x-xsrf-token'];
      const expected = expectedXsrfToken(request);
      if (!expected || typeof header !== 'string' || !sameToken(header, expected)) {
        throw new HttpError(419, 'Je sessie is verlopen. Probeer het opnieuw.');
      }
    }
    if (access === 'public') return;

    const user = request.session?.userId ? await loadAuthUser(db, request.session.userId) : null;
    if (!user) throw new HttpError(401, 'Je bent niet ingelogd.');
    request.user = user;
    if (access === 'signed-in') return;
    if (!request.session!.otpAuthorized) throw new HttpError(401, 'Tweestapsverificatie is vereist.');
    if (access === 'verified') return;
    if (!user.permissions.has(access.right)) throw forbidden();
  });
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
