import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSession, type SessionUser } from '../api/session';

/** The signed-in user for the two-step screens; without a session the user is sent to /inloggen. */
export function useSignedInUser(): SessionUser | null | undefined {
  const { data: user, isPending, isError } = useSession();
  const navigate = useNavigate();
  const signedOut = !isPending && !isError && !user;
  useEffect(() => {
    if (signedOut) void navigate({ to: '/inloggen', replace: true });
  }, [signedOut, navigate]);
  return user;
}
