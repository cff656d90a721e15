import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson, postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import type { RoleDetail } from './roles';

/** Every change to roles refreshes the area's queries; users show role names, so theirs too. */
function useRoleMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => refreshAfter(queryClient, 'roles'),
  });
}

export interface RolePayload {
  name: string;
  description: string;
}

export const useCreateRole = () => useRoleMutation((payload: RolePayload) => postJson<{ message: string; data: RoleDetail }>('roles', payload));

export const useUpdateRole = () =>
  useRoleMutation(({ id, payload }: { id: number; payload: RolePayload }) => putJson<{ message: string; data: RoleDetail }>(`roles/${id}`, payload));

export const useDeleteRole = () => useRoleMutation((id: number) => deleteJson<{ message: string }>(`roles/${id}`));

export const useSaveRolePermissions = () =>
  useRoleMutation(({ id, permissions }: { id: number; permissions: string[] }) =>
    postJson<{ message: string; data: RoleDetail }>(`roles/${id}/permissions`, { permissions }));
