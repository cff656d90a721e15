import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../api/client';
import type { LoginInput } from '@domain/schemas/auth';
import { startSession, type SessionAnswer } from '../../../session';

/** POST /api/auth/login: starts a session (not yet through two-step verification). */
export const login = (input: LoginInput) => postJson<SessionAnswer>('auth/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Nothing of an earlier session (another user's lists) survives a sign-in.
    onSuccess: (user) => startSession(queryClient, user),
  });
}
