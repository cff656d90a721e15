import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../api/client';
import { forgetSessionOn401, sessionQueryKey, type SessionUser } from '../../../session';

/** POST /api/auth/google2fa/verify: the code step at sign-in for a user who has two-step verification. */
export const verifyTwoFactor = (input: { otp_secret: string }) => postJson<SessionUser>('auth/google2fa/verify', input);

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
    onError: forgetSessionOn401(queryClient),
  });
}
