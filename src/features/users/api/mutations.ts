import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { deleteJson, postJson, putJson } from '../../../api/client';
import { queryKeys, refreshAfter } from '../../../api/keys';
import type { UserDetail } from './users';

/** Every change to users refreshes the area's queries (list and details). */
function useUserMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, meta: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSuccess: () => refreshAfter(queryClient, 'users') });
}

/** The server's reason after the spec text, when it gives one the user can act on. */
const withServerReason = (text: string) => (err: unknown) =>
  `${text}${err instanceof ApiError && err.status < 500 && err.status !== 422 ? `: ${err.message}` : ''}`;

/**
 * The form shows the same text; every failure also toasts it (spec 2 §7), with the reason of a 403
 * (a user with rights the editor lacks, issue 22).
 */
const SAVE_FAILED: MutationMeta = {
  errorText: withServerReason('Gebruiker kon niet opgeslagen worden'),
  toastFieldErrors: true,
};

export interface UserPayload {
  name: string;
  email: string;
  role: number[];
}

export const useUpdateUser = () =>
  useUserMutation(
    ({ id, payload }: { id: number; payload: UserPayload }) =>
      putJson<{ message: string; data: UserDetail }>(`users/${id}`, payload),
    SAVE_FAILED,
  );

/** Only the lists refresh: the page of the deleted user stays as it was until the reload to / (spec 2 §7). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson<{ message: string }>(`users/${id}`),
    meta: { errorText: withServerReason('Er is helaas iets fout gegaan bij het verwijderen') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.lists }),
  });
}

export const useDisableTwoFactor = () =>
  useUserMutation((id: number) => postJson<{ message: string; data: UserDetail }>(`${id}/disable-2fa`), {
    errorText: withServerReason('2FA kon niet worden uitgeschakeld'),
  });

export const useUpdateProfile = () =>
  useUserMutation(
    (payload: { name: string; email: string }) => putJson<{ message: string }>('profile', payload),
    SAVE_FAILED,
  );

export const useResendActivation = () =>
  useMutation({
    mutationFn: (id: number) => postJson<{ message: string }>(`users/${id}/resend-activation`),
    meta: { errorText: withServerReason('De activatiemail kon niet worden verstuurd') },
  });
