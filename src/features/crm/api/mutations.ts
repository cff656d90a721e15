import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { deleteJson, postForm, postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import { reasonOr } from '../../../api/meta';
import type {
  Address,
  AddressPayload,
  ClientCreatePayload,
  ClientFormData,
  ClientUpdatePayload,
  MonthlyPayment,
} from '@domain/contracts/clients';

/** Every change in the customer area refreshes the area's queries and every customer dropdown. */
function useClientMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, meta: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSuccess: () => refreshAfter(queryClient, 'clients') });
}

/** Null and empty fields are left out of customer payloads (spec 1 §5). */
function stripNulls(payload: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

export const useCreateClient = () =>
  useClientMutation(
    (payload: ClientCreatePayload) =>
      postJson<{ message: string; data: ClientFormData }>('clients', stripNulls(payload)),
    // The spec's text for a failed creation of a customer or user (spec 1 §8); never the server's raw message.
    { errorText: 'Er is helaas iets fout gegaan bij het aanmaken van de gebruiker' },
  );

export const useUpdateClient = () =>
  useClientMutation(
    ({ id, payload }: { id: number; payload: ClientUpdatePayload }) =>
      postJson<{ message: string; data: ClientFormData }>(`clients/${id}`, { ...stripNulls(payload), _method: 'PUT' }),
    { errorText: 'Er is helaas iets fout gegaan bij het wijzigen van de klant' },
  );

export const useDeleteClient = () =>
  useClientMutation((id: number) => deleteJson<{ message: string }>(`clients/${id}`), {
    errorText: reasonOr('Er is helaas iets fout gegaan bij het verwijderen van de klant'),
  });

export const useSaveAddress = () =>
  useClientMutation(
    ({ id, payload }: { id?: number; payload: AddressPayload }) =>
      id ? putJson<{ data: Address }>(`addresses/${id}`, payload) : postJson<{ data: Address }>('addresses', payload),
    {
      errorText: (_err, vars) =>
        (vars as { id?: number }).id
          ? 'Er is helaas iets fout gegaan bij het wijzigen van het adres'
          : 'Er is helaas iets fout gegaan bij het aanmaken van het adres',
    },
  );

export const useDeleteAddress = () =>
  useClientMutation((id: number) => deleteJson<{ message: string }>(`addresses/${id}`), {
    errorText: 'Er is helaas iets fout gegaan bij het verwijderen van het adres',
  });

export const useImportAddresses = () =>
  useClientMutation(
    ({ clientId, file, onProgress }: { clientId: number; file: File; onProgress?: (fraction: number) => void }) => {
      const body = new FormData();
      body.set('id', String(clientId));
      body.set('file', file);
      return postForm<{ message: string; imported: number }>('importcustomeraddresses', body, {
        timeout: 300_000,
        onProgress,
      });
    },
    { errorText: 'Adressen zijn niet geïmporteerd', toastFieldErrors: true },
  );

export const useSaveMonthlyPayments = () =>
  useClientMutation(
    ({ clientId, rows }: { clientId: number; rows: { description: string; price: string }[] }) =>
      postJson<{ data: MonthlyPayment[] }>(`clients/${clientId}/monthly-payment`, { monthlypayment: rows }),
    { errorText: 'Er is helaas iets fout gegaan bij het opslaan van de vaste bedragen' },
  );
