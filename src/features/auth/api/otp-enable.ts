import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../api/client';
import { forgetSessionOn401, sessionQueryKey, type SessionUser } from '../../../session';

/** POST /api/auth/google2fa/enable: the first code proves the app holds the secret; the session is verified. */
export const enableTwoFactor = (input: { otp_secret: string }) => postJson<SessionUser>('auth/google2fa/enable', input);

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
    onError: forgetSessionOn401(queryClient),
  });
}
