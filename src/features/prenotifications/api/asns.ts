import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postJson, putJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import type { AsnDetail, AsnListRow, AsnProductRow, CheckInProduct, FormOptions } from './types';

/** Hierarchical keys: ['prenotifications'] refreshes the whole area. */
export const asnKeys = {
  all: ['prenotifications'] as const,
  lists: ['prenotifications', 'list'] as const,
  detail: (id: number) => ['prenotifications', 'detail', id] as const,
  products: (id: number) => ['prenotifications', 'products', id] as const,
  checkIn: (id: number) => ['prenotifications', 'check-in', id] as const,
  options: (clientId: number) => ['prenotifications', 'options', clientId] as const,
};

export type AsnTab = 'open' | 'archive';

export const asnListQueryOptions = (tab: AsnTab, params: TableParams) =>
  queryOptions({
    queryKey: [...asnKeys.lists, tab, params],
    queryFn: ({ signal }) => getJson<Paged<AsnListRow>>(tab === 'open' ? 'asns' : 'asns-archive', { searchParams: toSearchParams(params), signal }),
  });

export const asnDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: asnKeys.detail(id), queryFn: ({ signal }) => getJson<AsnDetail>(`asns/${id}`, { signal }) });
export const useAsnDetail = (id: number) => useQuery(asnDetailQueryOptions(id));

export const asnProductsQueryOptions = (id: number, params: TableParams) =>
  queryOptions({
    queryKey: [...asnKeys.products(id), params],
    queryFn: ({ signal }) => getJson<Paged<AsnProductRow>>(`asnproducts/${id}`, { searchParams: toSearchParams(params), signal }),
  });

export const checkInProductsQueryOptions = (id: number) =>
  queryOptions({ queryKey: asnKeys.checkIn(id), queryFn: ({ signal }) => getJson<CheckInProduct[]>(`getasnproducts/${id}`, { signal }) });

export const useFormOptions = (clientId: number | null) =>
  useQuery({
    queryKey: asnKeys.options(clientId ?? 0),
    queryFn: ({ signal }) => getJson<FormOptions>(`asn-form-options/${clientId}`, { signal }),
    enabled: clientId != null,
  });

export const useEndCustomers = () =>
  useQuery({ queryKey: ['prenotifications', 'endcustomers'], queryFn: () => getJson<{ id: number; name: string }[]>('getallendcustomers'), staleTime: 5 * 60_000 });

function useAsnMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: asnKeys.all }) });
}

export type AsnPayload = Record<string, unknown>;
export const useSaveAsn = () =>
  useAsnMutation(({ id, payload }: { id?: number; payload: AsnPayload }) =>
    id ? putJson<{ data: AsnDetail }>(`asns/${id}`, payload) : postJson<{ data: AsnDetail }>('asns', payload));
export const useDeleteAsn = () => useAsnMutation((id: number) => deleteJson<{ message: string }>(`asns/${id}`));
