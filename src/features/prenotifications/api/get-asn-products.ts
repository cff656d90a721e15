import { queryOptions } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import type { AsnProductRow } from '@domain/contracts/prenotifications';

export const asnProductsQueryOptions = (id: number, params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.prenotifications.products(id), params],
    queryFn: ({ signal }) =>
      getJson<Paged<AsnProductRow>>(`asnproducts/${id}`, { searchParams: toSearchParams(params), signal }),
  });
