import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { postJson } from '../../../api/client';
import type { passwordResetSchema } from '@domain/schemas/auth';
import { sessionQueryKey } from '../../../session';

export type PasswordResetInput = v.InferOutput<typeof passwordResetSchema>;

/** POST /api/auth/password-reset: sets the new password; the server ends the account's sessions. */
export const resetPassword = (input: PasswordResetInput) => postJson<{ message: string }>('auth/password-reset', input);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.setQueryData(sessionQueryKey, null),
  });
}
