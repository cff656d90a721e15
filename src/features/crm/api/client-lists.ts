import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { queryKeys } from '../../../api/keys';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';
import type { CustomerTab } from '../pages/search';
import type { ClientListRow } from '@domain/contracts/clients';

/** The list tabs and the endpoint of each (spec 1 §2.8, §7). */
const tabEndpoints: Record<CustomerTab, string> = {
  resellers: 'resellers',
  endcustomers: 'endcustomers',
  endusers: 'endusers',
  all: 'client-list',
};

export const fetchClientList = (tab: CustomerTab, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ClientListRow>>(tabEndpoints[tab], { searchParams: toSearchParams(params), signal });

export const clientListQueryOptions = (tab: CustomerTab, params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.clients.lists, tab, params],
    queryFn: ({ signal }) => fetchClientList(tab, params, signal),
  });

/** The route's preload: the first page of the tab shown. */
export function preloadClientList(queryClient: QueryClient, tab: CustomerTab, search: Record<string, unknown>) {
  const options = clientListQueryOptions(tab, tableParamsOf(search));
  void preloadTable(queryClient, options.queryKey, () => queryClient.ensureQueryData(options));
}
