import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../api/client';

/** POST /api/auth/password-recover: mails a link to choose a new password. */
export const requestPasswordReset = (input: { email: string }) =>
  postJson<{ message: string }>('auth/password-recover', input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
