import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, putJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { queryKeys } from '../../../api/keys';
import type { BundleDetail, BundleRow } from './types';

export const fetchBundles = (params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<BundleRow>>('bundles', { searchParams: toSearchParams(params), signal });

export const bundleQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.stock.bundle(id), queryFn: () => getJson<BundleDetail>(`bundles/${id}`), meta: { errorText: 'Bundelgegevens kunnen niet worden ingeladen' } });

export function useCreateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; client_id: number | null }) => postJson<{ data: BundleDetail }>('bundles', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stock.bundles }),
  });
}

export function useSetBundleProducts(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (products: number[]) => putJson<{ data: BundleDetail }>(`bundles/${id}`, { products }),
    meta: { errorText: 'Er is helaas iets fout gegaan bij het wijzigen van de bundelinhoud' },
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.stock.bundle(id), result.data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.stock.bundles });
    },
  });
}
