import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';

export interface ActivityRow {
  id: number;
  action: string;
  created_at: string;
  product_name: string | null;
  status_name: string | null;
}

export const fetchClientActivities = (clientId: number) => getJson<ActivityRow[]>(`geteventsbyclientid/${clientId}`);
export const clientActivitiesQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: queryKeys.clients.events(clientId), queryFn: () => fetchClientActivities(clientId) });

/** The client's name for the page title (the light client answer). */
export const clientNameQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: queryKeys.clients.name(clientId),
    queryFn: () => getJson<{ name: string }>(`clients/${clientId}`, { searchParams: { minimum: 'true' } }),
  });

export function useClientName(clientId: number): string | undefined {
  return useQuery(clientNameQueryOptions(clientId)).data?.name;
}
