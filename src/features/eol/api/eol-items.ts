import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { EolItemsPage } from '@domain/contracts/eol';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';

/**
 * The detail table's first state: the route's loader fetches it, so the title and a 404 are known before the page
 * shows.
 */
export const firstEolItemsParams: TableParams = { search: '', filters: {}, sort: null, order: 'asc', page: 1 };

/** GET /api/items/itemseolbyproductid/{id}: one product's EOL items plus the product itself. */
export const eolItemsQueryOptions = (productId: number, params: TableParams = firstEolItemsParams) =>
  queryOptions({
    queryKey: [...queryKeys.eol.items(productId), params],
    queryFn: ({ signal }) =>
      getJson<EolItemsPage>(`items/itemseolbyproductid/${productId}`, { searchParams: toSearchParams(params), signal }),
  });
