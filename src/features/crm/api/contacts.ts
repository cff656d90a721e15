import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { deleteJson, postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import { reasonOr } from '../../../api/meta';
import type { ContactCreateInput, ContactUpdateInput } from '@domain/schemas/contacts';
import type { ContactAnswer } from '@domain/contracts/contacts';

/** Answer of POST /api/contacts and PUT /api/contacts/{id}. */
export type ContactSaved = ContactAnswer;

/** Every contact change refreshes the customer's data (detail, lists with contact names, events). */
function useContactMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, meta: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSuccess: () => refreshAfter(queryClient, 'clients') });
}

export const useCreateContact = () =>
  useContactMutation((payload: ContactCreateInput) => postJson<ContactSaved>('contacts', payload), {
    errorText: reasonOr('Er is helaas iets fout gegaan bij het aanmaken van de gebruiker'),
  });

export const useUpdateContact = () =>
  useContactMutation(
    ({ id, payload }: { id: number; payload: ContactUpdateInput }) => putJson<ContactSaved>(`contacts/${id}`, payload),
    { errorText: reasonOr('Er is helaas iets fout gegaan bij het wijzigen van de gebruiker') },
  );

// 409: the server says why (one's own account, the last Superuser).
export const useDeleteContact = () =>
  useContactMutation((id: number) => deleteJson<{ message: string }>(`contacts/${id}`), {
    errorText: reasonOr('Er is helaas iets fout gegaan bij het verwijderen van de gebruiker'),
  });
