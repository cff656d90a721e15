import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson, postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import type { ContactCreateInput, ContactUpdateInput } from '../../../domain/schemas/contacts';
import type { Contact } from './types';

/** Answer of POST /api/contacts and PUT /api/contacts/{id} (server/modules/contacts/routes.ts). */
export interface ContactSaved {
  message: string;
  data: Contact & { user_id: number | null };
  /** True when an account was made and its activation mail went out. */
  activation_mail_sent: boolean;
}

/** Every contact change refreshes the customer's data (detail, lists with contact names, events). */
function useContactMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfter(queryClient, 'clients') });
}

export const useCreateContact = () =>
  useContactMutation((payload: ContactCreateInput) => postJson<ContactSaved>('contacts', payload));

export const useUpdateContact = () =>
  useContactMutation(({ id, payload }: { id: number; payload: ContactUpdateInput }) => putJson<ContactSaved>(`contacts/${id}`, payload));

export const useDeleteContact = () => useContactMutation((id: number) => deleteJson<{ message: string }>(`contacts/${id}`));
