import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';
import type { AsnListRow } from '@domain/contracts/prenotifications';
import type { AsnTab } from '../pages/search';

export const asnListQueryOptions = (tab: AsnTab, params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.prenotifications.lists, tab, params],
    queryFn: ({ signal }) =>
      getJson<Paged<AsnListRow>>(tab === 'open' ? 'asns' : 'asns-archive', {
        searchParams: toSearchParams(params),
        signal,
      }),
  });

/** The route's preload: the open list's first page (the archive loads more as the user asks). */
export function preloadAsnList(queryClient: QueryClient, tab: AsnTab, search: Record<string, unknown>) {
  if (tab !== 'open') return;
  const options = asnListQueryOptions(tab, tableParamsOf(search));
  void preloadTable(queryClient, options.queryKey, () => queryClient.ensureQueryData(options));
}
