import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, type Paged } from '../../../api/client';
import { centsToPriceString } from '@domain/format';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { refreshAfter } from '../../../api/keys';
import type { ProductAnswer, ProductRow, ItemRow } from '@domain/contracts/stock';

/** GET /api/getproductsbyclientid/{id} (active) or /api/inactive-products/{id}: paged product rows. */
export const fetchClientProducts = (clientId: number, active: boolean, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ProductRow>>(active ? `getproductsbyclientid/${clientId}` : `inactive-products/${clientId}`, {
    searchParams: toSearchParams(params),
    signal,
  });

/** GET /api/getitemsbyclientid/{id}: paged items of the client (and of its end users). */
export const fetchClientItems = (clientId: number, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ItemRow>>(`getitemsbyclientid/${clientId}`, { searchParams: toSearchParams(params), signal });

/** POST /api/products/{id}/active; refreshes every stock list, so the row moves to the active panel. */
export function useActivateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => postJson<{ message: string }>(`products/${id}/active`),
    onSuccess: () => refreshAfter(queryClient, 'stock'),
  });
}

/** POST /api/products/{id}/prices {price: '12.50'} (a dot decimal, spec 1 §9). */
export function useSaveProductPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cents }: { id: number; cents: number }) =>
      postJson<ProductAnswer>(`products/${id}/prices`, { price: centsToPriceString(cents) }),
    onSuccess: () => refreshAfter(queryClient, 'stock'),
  });
}
