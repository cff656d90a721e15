import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { stockKeys } from './products';
import type { ItemDetail, ItemRow, Lookup } from './types';

export const fetchItems = (productId: number, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ItemRow>>(`getitems/${productId}`, { searchParams: toSearchParams(params), signal });

export const itemQueryOptions = (id: number) => queryOptions({ queryKey: stockKeys.item(id), queryFn: () => getJson<ItemDetail>(`items/${id}`) });
export const useItem = (id: number) => useQuery(itemQueryOptions(id));

/** End users of an end customer, for 'In gebruik door'. */
export const useEndUsersOf = (clientId: number | null | undefined) => useQuery({
  queryKey: stockKeys.lookups(`endusers-${clientId}`),
  queryFn: () => getJson<Lookup[]>(`getendclientsbyparentid/${clientId}`),
  enabled: !!clientId,
  staleTime: 60_000,
});

type ItemResult = { message: string; data: ItemDetail };

export function useItemUpdate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => postJson<ItemResult>(`items/${id}`, { ...body, _method: 'PUT' }),
    onSuccess: (result) => {
      queryClient.setQueryData(stockKeys.item(id), result.data);
      return queryClient.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
}

export function useMutateItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => postJson<ItemResult>(`items/${id}/mutation`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(stockKeys.item(id), result.data);
      return queryClient.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
}
