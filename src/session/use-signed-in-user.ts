import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSession, type SessionAnswer } from './session';

/**
 * The signed-in user outside the app layout (the two-step screens, which run before the guard lets
 * the user in); without a session the user is sent to /inloggen.
 */
export function useSignedInUser(): SessionAnswer | null | undefined {
  const { data: user, isPending, isError } = useSession();
  const navigate = useNavigate();
  const signedOut = !isPending && !isError && !user;
  useEffect(() => {
    if (signedOut) void navigate({ to: '/inloggen', replace: true });
  }, [signedOut, navigate]);
  return user;
}
