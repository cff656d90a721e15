import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { deleteJson, getJson, postJson, putJson, type Paged } from '../../../api/client';
import { queryKeys, refreshAfter } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import type { AsnDetail, AsnListRow, AsnProductRow, FormOptions } from './types';

export type AsnTab = 'open' | 'archive';

export const asnListQueryOptions = (tab: AsnTab, params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.prenotifications.lists, tab, params],
    queryFn: ({ signal }) => getJson<Paged<AsnListRow>>(tab === 'open' ? 'asns' : 'asns-archive', { searchParams: toSearchParams(params), signal }),
  });

export const asnDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.prenotifications.detail(id), queryFn: ({ signal }) => getJson<AsnDetail>(`asns/${id}`, { signal }) });

export const asnProductsQueryOptions = (id: number, params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.prenotifications.products(id), params],
    queryFn: ({ signal }) => getJson<Paged<AsnProductRow>>(`asnproducts/${id}`, { searchParams: toSearchParams(params), signal }),
  });

export const useFormOptions = (clientId: number | null) =>
  useQuery({
    queryKey: queryKeys.prenotifications.options(clientId ?? 0),
    queryFn: ({ signal }) => getJson<FormOptions>(`asn-form-options/${clientId}`, { signal }),
    enabled: clientId != null,
  });

function useAsnMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, meta: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSuccess: () => refreshAfter(queryClient, 'prenotifications') });
}

export type AsnPayload = Record<string, unknown>;
export const useSaveAsn = () =>
  useAsnMutation(({ id, payload }: { id?: number; payload: AsnPayload }) =>
    id ? putJson<{ data: AsnDetail }>(`asns/${id}`, payload) : postJson<{ data: AsnDetail }>('asns', payload),
  { errorText: (_err, vars) => ((vars as { id?: number }).id ? 'De voormelding kon niet worden gewijzigd' : 'De voormelding kon niet worden aangemaakt') });
export const useDeleteAsn = () => useAsnMutation((id: number) => deleteJson<{ message: string }>(`asns/${id}`),
  { errorText: 'Er is helaas iets fout gegaan bij het verwijderen' });
