import { queryOptions } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { queryKeys } from '../../../api/keys';
import type { ClientListRow } from './types';

/** The list tabs and the endpoint of each (spec 1 §2.8, §7). */
export const tabEndpoints = { resellers: 'resellers', endcustomers: 'endcustomers', endusers: 'endusers', all: 'client-list' } as const;
export type CustomerTab = keyof typeof tabEndpoints;

export const fetchClientList = (tab: CustomerTab, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ClientListRow>>(tabEndpoints[tab], { searchParams: toSearchParams(params), signal });

export const clientListQueryOptions = (tab: CustomerTab, params: TableParams) =>
  queryOptions({ queryKey: [...queryKeys.clients.lists, tab, params], queryFn: ({ signal }) => fetchClientList(tab, params, signal) });
