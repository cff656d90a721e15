import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postJson, putJson, type Paged } from '../../../api/client';
import type { ContactCreateInput, ContactUpdateInput } from '../../../domain/schemas/contacts';
import { clientKeys } from './get-client';
import type { ClientSummary, Contact } from './types';

/** Answer of POST /api/contacts and PUT /api/contacts/{id} (server/modules/contacts/routes.ts). */
export interface ContactSaved {
  message: string;
  data: Contact & { user_id: number | null };
  /** True when an account was made and its activation mail went out. */
  activation_mail_sent: boolean;
}

export interface RoleOption {
  id: number;
  name: string;
}

export const contactKeys = {
  endClients: (parentId: number) => [...clientKeys.lookups, 'endclients', parentId] as const,
  roles: [...clientKeys.lookups, 'roles'] as const,
};

/** GET /api/getendclientsbyparentid/{id}: the end customers of a reseller ({ id, name }). */
export const endClientsQueryOptions = (parentId: number) => queryOptions({
  queryKey: contactKeys.endClients(parentId),
  queryFn: () => getJson<Pick<ClientSummary, 'id' | 'name'>[]>(`getendclientsbyparentid/${parentId}`),
});

export const useEndClients = (parentId: number, enabled: boolean) => useQuery({ ...endClientsQueryOptions(parentId), enabled });

/** GET /api/roles (needs 'Rol bekijken'): the roles a new account may get. */
export const rolesQueryOptions = () => queryOptions({
  queryKey: contactKeys.roles,
  queryFn: async () => (await getJson<Paged<RoleOption>>('roles', { searchParams: { per_page: 200 } })).data,
  retry: false,
});

export const useRoleOptions = (enabled: boolean) => useQuery({ ...rolesQueryOptions(), enabled });

/** Every contact change refreshes the customer's data (detail, lists with contact names, events). */
function useContactMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }) });
}

export const useCreateContact = () =>
  useContactMutation((payload: ContactCreateInput) => postJson<ContactSaved>('contacts', payload));

export const useUpdateContact = () =>
  useContactMutation(({ id, payload }: { id: number; payload: ContactUpdateInput }) => putJson<ContactSaved>(`contacts/${id}`, payload));

export const useDeleteContact = () => useContactMutation((id: number) => deleteJson<{ message: string }>(`contacts/${id}`));
