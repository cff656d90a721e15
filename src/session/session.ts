import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../api/client';
import { ApiError } from '../api/errors';
import { queryKeys } from '../api/keys';
import type { Permission } from '../domain/permissions';
import type { SessionUserAnswer } from '../domain/contracts/auth';

/** The signed-in user (src/domain/contracts/auth.ts), its rights typed as the portal's rights. */
export type SessionUser = Omit<SessionUserAnswer, 'permissions'> & { permissions: Permission[] };

/** The signed-in user, or null when there is no session (GET /api/auth/me answers 401). */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    return await getJson<SessionUser>('auth/me');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryKey = queryKeys.session;
export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

export function hasRight(user: SessionUser | null | undefined, right: Permission | undefined): boolean {
  return !right || !!user?.permissions.includes(right);
}

/** A 401 from a two-step call means the session is gone: forget the user, the screen then goes to login. */
export function forgetSessionOn401(queryClient: { setQueryData: (key: typeof sessionQueryKey, value: null) => unknown }) {
  return (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) queryClient.setQueryData(sessionQueryKey, null);
  };
}
