import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getJson, postJson, putJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';
import { queryKeys } from '../../../api/keys';
import type { BundleAnswer, BundleDetail, BundleRow } from '@domain/contracts/stock';

export const fetchBundles = (params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<BundleRow>>('bundles', { searchParams: toSearchParams(params), signal });

export const bundlesQueryOptions = (params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.stock.bundles, params],
    queryFn: ({ signal }) => fetchBundles(params, signal),
    meta: { errorText: 'Bundels kunnen niet worden ingeladen' },
  });

/** The route's preload: the first page of the bundles tab; `prefix` is the table's URL prefix. */
export function preloadBundles(queryClient: QueryClient, search: Record<string, unknown>, prefix: string) {
  const options = bundlesQueryOptions(tableParamsOf(search, undefined, prefix));
  // Silent: a failure is the table's to show (preloadTable).
  void preloadTable(queryClient, options.queryKey, () => queryClient.ensureQueryData({ ...options, meta: undefined }));
}

export const bundleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.stock.bundle(id),
    queryFn: () => getJson<BundleDetail>(`bundles/${id}`),
    meta: { errorText: 'Bundelgegevens kunnen niet worden ingeladen' },
  });

export function useCreateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; client_id: number | null }) => postJson<BundleAnswer>('bundles', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stock.bundles }),
  });
}

export function useSetBundleProducts(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (products: number[]) => putJson<BundleAnswer>(`bundles/${id}`, { products }),
    meta: { errorText: 'Er is helaas iets fout gegaan bij het wijzigen van de bundelinhoud' },
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.stock.bundle(id), result.data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.stock.bundles });
    },
  });
}
