import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { deleteJson, postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import type { RoleDetail } from './roles';

/** Every change to roles refreshes the area's queries; users show role names, so theirs too. */
function useRoleMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, meta: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => refreshAfter(queryClient, 'roles'),
  });
}

/** The form shows the same text; every failure also toasts it. */
const SAVE_FAILED: MutationMeta = { errorText: 'De rol is niet opgeslagen', toastFieldErrors: true };

/** The server's messages (403 for a right one does not hold, field messages) after the spec text. */
const permissionsFailed = (err: unknown) => {
  const detail =
    err instanceof ApiError
      ? [err.message, ...Object.values(err.fieldErrors).flat()].filter((m) => m && m !== 'Validatie mislukt!').join(' ')
      : '';
  return `Opslaan van rechten is mislukt.${detail ? ` ${detail}` : ''}`;
};

export interface RolePayload {
  name: string;
  description: string;
}

export const useCreateRole = () =>
  useRoleMutation(
    (payload: RolePayload) => postJson<{ message: string; data: RoleDetail }>('roles', payload),
    SAVE_FAILED,
  );

export const useUpdateRole = () =>
  useRoleMutation(
    ({ id, payload }: { id: number; payload: RolePayload }) =>
      putJson<{ message: string; data: RoleDetail }>(`roles/${id}`, payload),
    SAVE_FAILED,
  );

export const useDeleteRole = () =>
  useRoleMutation((id: number) => deleteJson<{ message: string }>(`roles/${id}`), {
    errorText: (err) => (err instanceof ApiError ? err.message : 'De rol kon niet worden verwijderd.'),
    errorTitle: 'Mislukt',
  });

export const useSaveRolePermissions = () =>
  useRoleMutation(
    ({ id, permissions }: { id: number; permissions: string[] }) =>
      postJson<{ message: string; data: RoleDetail }>(`roles/${id}/permissions`, { permissions }),
    { errorText: permissionsFailed, errorTitle: 'Mislukt!', toastFieldErrors: true },
  );
