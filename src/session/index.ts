/** The signed-in user: one module for the shell, the outbox and every feature. */
export {
  fetchSession,
  forgetSessionOn401,
  hasRight,
  sessionQueryKey,
  sessionQueryOptions,
  sessionForGuard,
  useSession,
  type SessionAnswer,
  type SessionUser,
} from './session';
export { useCan, useSessionUser, type SignedInUser } from './use-session-user';
export { useSignedInUser } from './use-signed-in-user';
export { bindCacheToSessionUser, dropUserData, endSession, onUserDataDropped, startSession } from './user-data';
