import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postForm, postJson, type Paged } from '../../../api/client';
import { queryKeys, refreshAfter, refreshAfterDeleting } from '../../../api/keys';
import { reasonOr } from '../../../api/meta';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';
import type { ProductAnswer, ProductDetail, ProductRow, StockImportAnswer } from '@domain/contracts/stock';
import { endCustomersQueryOptions, productGroupsQueryOptions, resellersQueryOptions } from '../../../api/lookups';
import { ClientType } from '@domain/enums';

export const fetchProducts = (params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ProductRow>>('products', { searchParams: toSearchParams(params), signal });

export const productsQueryOptions = (params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.stock.products, params],
    queryFn: ({ signal }) => fetchProducts(params, signal),
    meta: { errorText: 'Producten kunnen niet worden ingeladen' },
  });

/** The route's preload: the first page of the articles tab (the bundles tab has its own). */
export function preloadProducts(queryClient: QueryClient, search: Record<string, unknown>) {
  const options = productsQueryOptions(tableParamsOf(search));
  // Silent: a failure is the table's to show (preloadTable).
  void preloadTable(queryClient, options.queryKey, () => queryClient.ensureQueryData({ ...options, meta: undefined }));
}

/**
 * The route's preload, for both tabs: the lists behind the tables' filters (end customers; on the
 * articles tab also the resellers, for the provider, and the product groups), in parallel with the
 * first page (the page shows its table once they are there: docs/PERFORMANCE.md, layout shift).
 * Here, not in a module of its own: this chunk loads with the page. The page's own queries, so a
 * failure shows their error text once, as when the page asked.
 */
export function preloadStockFilters(queryClient: QueryClient, tab: unknown, clientTypeId: number): void {
  void queryClient.prefetchQuery(endCustomersQueryOptions());
  if (tab === 'bundels') return;
  if (clientTypeId === ClientType.PROVIDER) void queryClient.prefetchQuery(resellersQueryOptions());
  void queryClient.prefetchQuery(productGroupsQueryOptions());
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.stock.product(id),
    queryFn: () => getJson<ProductDetail>(`products/${id}`),
    meta: { errorText: 'Artikelgegevens kunnen niet worden ingeladen' },
  });

/** New article or edit (POST with _method=PUT), multipart because of the image; upload progress 0–1. */
export function saveProduct(id: number | null, form: FormData, onProgress?: (fraction: number) => void) {
  if (id) form.set('_method', 'PUT');
  return postForm<ProductAnswer>(id ? `products/${id}` : 'products', form, { timeout: 300_000, onProgress });
}

export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (fraction: number) => void }) =>
      saveProduct(id, form, onProgress),
    onSuccess: () => refreshAfter(queryClient, 'stock'),
  });
}

export function useProductAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'delete' | 'inactive' | 'active' }) =>
      action === 'delete'
        ? deleteJson<{ message: string }>(`products/${id}`)
        : postJson<{ message: string }>(`products/${id}/${action}`),
    meta: {
      errorText: (err, vars) =>
        (vars as { action: string }).action === 'delete'
          ? 'Artikel kan niet worden verwijderd'
          : reasonOr('Artikel kan niet inactief worden gemaakt', 403)(err),
    },
    onSuccess: (_answer, { id, action }) =>
      action === 'delete'
        ? refreshAfterDeleting(queryClient, [queryKeys.stock.product(id), queryKeys.stock.items(id)], 'stock')
        : refreshAfter(queryClient, 'stock'),
  });
}

/** Stock import with upload progress (0–1) for large files. */
export function importStock(file: File, clientId: number | null, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.set('file', file);
  if (clientId) form.set('client_id', String(clientId));
  return postForm<StockImportAnswer>('importstock', form, { timeout: 600_000, onProgress });
}
