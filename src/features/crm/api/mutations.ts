import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson, postForm, postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import type { Address, ClientDetail, MonthlyPayment } from './types';

/** Every change in the customer area refreshes the area's queries and every customer dropdown. */
function useClientMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfter(queryClient, 'clients') });
}

export type ClientPayload = Record<string, unknown>;

/** Null and empty fields are left out of customer payloads (spec 1 §5). */
function stripNulls(payload: ClientPayload): ClientPayload {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

export const useCreateClient = () =>
  useClientMutation((payload: ClientPayload) => postJson<{ message: string; data: ClientDetail }>('clients', stripNulls(payload)));

export const useUpdateClient = () =>
  useClientMutation(({ id, payload }: { id: number; payload: ClientPayload }) =>
    postJson<{ message: string; data: ClientDetail }>(`clients/${id}`, { ...stripNulls(payload), _method: 'PUT' }));

export const useDeleteClient = () => useClientMutation((id: number) => deleteJson<{ message: string }>(`clients/${id}`));

export const useSaveAddress = () =>
  useClientMutation(({ id, payload }: { id?: number; payload: Record<string, unknown> }) =>
    id ? putJson<{ data: Address }>(`addresses/${id}`, payload) : postJson<{ data: Address }>('addresses', payload));

export const useDeleteAddress = () => useClientMutation((id: number) => deleteJson<{ message: string }>(`addresses/${id}`));

export const useImportAddresses = () =>
  useClientMutation(({ clientId, file }: { clientId: number; file: File }) => {
    const body = new FormData();
    body.set('id', String(clientId));
    body.set('file', file);
    return postForm<{ message: string; imported: number }>('importcustomeraddresses', body);
  });

export const useSaveMonthlyPayments = () =>
  useClientMutation(({ clientId, rows }: { clientId: number; rows: { description: string; price: string }[] }) =>
    postJson<{ data: MonthlyPayment[] }>(`clients/${clientId}/monthly-payment`, { monthlypayment: rows }));
