import type { Query, QueryClient } from '@tanstack/react-query';
import { sessionQueryKey, type SessionAnswer, type SessionUser } from './session';

/**
 * The query cache belongs to one user: everything in it besides the session was loaded with that
 * user's rights (a Superuser's lists hold every reseller's customers). When the session ends without
 * a sign-out (a 401: expired, removed on the server), at a sign-out and at every sign-in, all of it
 * goes, so the next user on a shared device never sees the last one's data, not even for a moment.
 */

const isSession = (query: Pick<Query, 'queryKey'>) =>
  query.queryKey[0] === sessionQueryKey[0] && query.queryKey[1] === sessionQueryKey[1];

const dropped = new Set<() => void>();

/** Also to do when a user's data goes (the app removes the persisted copy). */
export function onUserDataDropped(fn: () => void): () => void {
  dropped.add(fn);
  return () => dropped.delete(fn);
}

/**
 * Removes every query but the session, and every settled mutation (with its variables), from memory;
 * then tells the listeners. A running mutation (the sign-in itself) stays until it settles.
 */
export function dropUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !isSession(q) });
  const mutations = queryClient.getMutationCache();
  for (const m of mutations.getAll()) if (m.state.status !== 'pending') mutations.remove(m);
  for (const fn of dropped) fn();
}

/** A session before the code step tells no id (null): its user's data is loaded only after that step. */
const userIdOf = (data: unknown) => (data as Partial<SessionUser> | null | undefined)?.id ?? null;

/**
 * Keeps the cache to the user of the session: when the session query turns to nobody (a 401 anywhere,
 * /api/auth/me refused at a page load, a sign-out) or to another user, what was loaded before goes.
 * Returns the unsubscribe.
 */
export function bindCacheToSessionUser(queryClient: QueryClient): () => void {
  let owner = userIdOf(queryClient.getQueryData(sessionQueryKey));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isSession(event.query) || event.query.state.data === undefined) return;
    const user = userIdOf(event.query.state.data);
    if (user === owner) return;
    owner = user;
    dropUserData(queryClient);
  });
}

/** A sign-in (also the same user again) starts from an empty cache with the new session. */
export function startSession(queryClient: QueryClient, user: SessionAnswer): void {
  dropUserData(queryClient);
  queryClient.setQueryData(sessionQueryKey, user);
}

/** The session ended (sign-out, or the server refused it): nobody, and nothing of the last user. */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryKey, null);
  dropUserData(queryClient);
}
