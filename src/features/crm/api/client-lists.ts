import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toastError } from '../../../shell/toast';
import { getJson, type Paged } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { clientKeys } from './get-client';
import type { ClientListRow, ClientSummary } from './types';

/** The list tabs and the endpoint of each (spec 1 §2.8, §7). */
export const tabEndpoints = { resellers: 'resellers', endcustomers: 'endcustomers', endusers: 'endusers', all: 'client-list' } as const;
export type CustomerTab = keyof typeof tabEndpoints;

export const fetchClientList = (tab: CustomerTab, params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<ClientListRow>>(tabEndpoints[tab], { searchParams: toSearchParams(params), signal });

export const clientListQueryOptions = (tab: CustomerTab, params: TableParams) =>
  queryOptions({ queryKey: [...clientKeys.lists, tab, params], queryFn: ({ signal }) => fetchClientList(tab, params, signal) });

export const fetchResellers = () => getJson<ClientSummary[]>('getallresellers');
export const fetchEndCustomers = () => getJson<ClientSummary[]>('getallendcustomers');

/** Parents to choose from in the customer form: resellers and end customers the user may see. */
export function useParentOptions(enabled: boolean) {
  const resellers = useQuery({ queryKey: [...clientKeys.lookups, 'resellers'], queryFn: fetchResellers, enabled });
  const endCustomers = useQuery({ queryKey: [...clientKeys.lookups, 'endcustomers'], queryFn: fetchEndCustomers, enabled });
  const failed = resellers.isError || endCustomers.isError;
  useEffect(() => {
    if (failed) toastError('Eindklanten kunnen niet worden ingeladen');
  }, [failed]);
  return { resellers: resellers.data ?? [], endCustomers: endCustomers.data ?? [] };
}
