import { queryOptions, useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { getJson, postJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { queryKeys, refreshAfter } from '../../../api/keys';
import type { ItemCreateInput } from '@domain/schemas/stock';
import type {
  ItemAnswer,
  ItemDetail,
  ItemMutationAnswer,
  ItemMutationPayload,
  ItemRow,
  ItemUpdatePayload,
} from '@domain/contracts/stock';

export const fetchItems = (productId: number, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ItemRow>>(`getitems/${productId}`, { searchParams: toSearchParams(params), signal });

export const itemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.stock.item(id),
    queryFn: () => getJson<ItemDetail>(`items/${id}`),
    meta: { errorText: 'Artikelgegevens kunnen niet worden ingeladen' },
  });

/** `meta`: the failure toast where the caller has no form to show it in. */
export function useItemUpdate(id: number, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (body: ItemUpdatePayload) => postJson<ItemAnswer>(`items/${id}`, { ...body, _method: 'PUT' }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.stock.item(id), result.data);
      return refreshAfter(queryClient, 'stock');
    },
  });
}

export function useMutateItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemMutationPayload) => postJson<ItemMutationAnswer>(`items/${id}/mutation`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.stock.item(id), result.data);
      return refreshAfter(queryClient, 'stock', 'clients');
    },
  });
}

/** Inklaren on the article page (spec 2 §2.2): one serial, or for an accessory a quantity, into stock. */
export function useCheckInItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemCreateInput) => postJson<{ message: string; data: { id: number }[] }>('items', body),
    onSuccess: () => refreshAfter(queryClient, 'stock'),
  });
}
