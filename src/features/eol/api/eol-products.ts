import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { EolProductsPage } from '@domain/contracts/eol';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';

/** GET /api/productswitheolitems: products with items reaching EOL within 3 months (spec 2 §2.11). */
export const eolProductsQueryOptions = (params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.eol.products, params],
    queryFn: ({ signal }) =>
      getJson<EolProductsPage>('productswitheolitems', { searchParams: toSearchParams(params), signal }),
  });
