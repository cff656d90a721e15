import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { postJson } from '../../../api/client';
import type { activateSchema } from '@domain/schemas/auth';
import { startSession, type SessionAnswer } from '../../../session';

export type ActivateInput = v.InferOutput<typeof activateSchema>;

/** POST /api/auth/activate: sets the password of an invited account and signs it in. */
export const activateAccount = (input: ActivateInput) => postJson<SessionAnswer>('auth/activate', input);

export function useActivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateAccount,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
