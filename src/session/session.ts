import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getJson } from '../api/client';
import { ApiError } from '../api/errors';
import { queryKeys } from '../api/keys';
import type { Permission } from '@domain/permissions';
import type { PendingSessionUserAnswer, SessionUserAnswer } from '@domain/contracts/auth';

/** The signed-in user (domain/contracts/auth.ts), its rights typed as the portal's rights. */
export type SessionUser = Omit<SessionUserAnswer, 'permissions'> & { permissions: Permission[] };
/** The session's user: through the code step, or after the password alone (name and two-step state only). */
export type SessionAnswer = SessionUser | PendingSessionUserAnswer;

/** The session's user, or null when there is no session (GET /api/auth/me answers 401). */
export async function fetchSession(): Promise<SessionAnswer | null> {
  try {
    return await getJson<SessionAnswer>('auth/me');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryKey = queryKeys.session;
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });

/** When this page was loaded: a session answer older than this was restored from the device. */
const PAGE_LOADED_AT = Date.now();

/**
 * Who the app's guard lets in. Once the server answered in this page load (a user, a 401, a sign-in
 * or sign-out), that answer. Before that the server is asked; when it cannot be reached (no network,
 * a network that reaches nothing, the server down) the user restored from the device's cache keeps
 * working offline, and with nobody restored the answer is 'nobody' (the login page). A session the
 * server rejected is null in the cache, so it is never reused. `navigator.onLine` cannot decide this:
 * it is true on a network that reaches nothing, and on a page Chromium loaded under offline emulation.
 */
export async function sessionForGuard(
  queryClient: QueryClient,
  options = sessionQueryOptions(),
  pageLoadedAt = PAGE_LOADED_AT,
): Promise<SessionAnswer | null> {
  const state = queryClient.getQueryState<SessionAnswer | null>(options.queryKey);
  if (state && state.data !== undefined && state.dataUpdatedAt >= pageLoadedAt)
    return queryClient.ensureQueryData(options);
  const restored = state?.data ?? null;
  try {
    // With a restored user no retries: offline the page opens at once with it.
    return await queryClient.fetchQuery({ ...options, staleTime: 0, ...(restored ? { retry: false } : {}) });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) throw err;
    // A failed fetch keeps the data it had, unless a 401 meanwhile set it to null.
    const kept = queryClient.getQueryData<SessionAnswer | null>(options.queryKey) ?? null;
    if (kept) return kept;
    if (err instanceof ApiError) throw err;
    return null;
  }
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

export function hasRight(user: SessionUser | null | undefined, right: Permission | undefined): boolean {
  return !right || !!user?.permissions.includes(right);
}

/** A 401 from a two-step call means the session is gone: forget the user, the screen then goes to login. */
export function forgetSessionOn401(queryClient: {
  setQueryData: (key: typeof sessionQueryKey, value: null) => unknown;
}) {
  return (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) queryClient.setQueryData(sessionQueryKey, null);
  };
}
