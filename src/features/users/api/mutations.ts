import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson, postJson, putJson } from '../../../api/client';
import { queryKeys, refreshAfter } from '../../../api/keys';
import type { UserDetail } from './users';

/** Every change to users refreshes the area's queries (list and details). */
function useUserMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfter(queryClient, 'users') });
}

export interface UserPayload {
  name: string;
  email: string;
  role: number[];
}

export const useUpdateUser = () =>
  useUserMutation(({ id, payload }: { id: number; payload: UserPayload }) => putJson<{ message: string; data: UserDetail }>(`users/${id}`, payload));

/** Only the lists refresh: the page of the deleted user stays as it was until the reload to / (spec 2 §7). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson<{ message: string }>(`users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.lists }),
  });
}

export const useDisableTwoFactor = () => useUserMutation((id: number) => postJson<{ message: string; data: UserDetail }>(`${id}/disable-2fa`));

export const useUpdateProfile = () =>
  useUserMutation((payload: { name: string; email: string }) => putJson<{ message: string }>('profile', payload));

export const useResendActivation = () =>
  useMutation({ mutationFn: (id: number) => postJson<{ message: string }>(`users/${id}/resend-activation`) });
