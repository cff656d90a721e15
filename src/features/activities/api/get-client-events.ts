import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { ClientEvent, ClientFormData } from '@domain/contracts/clients';

/** A client's event (GET /geteventsbyclientid/{id}). */
export type ActivityRow = ClientEvent;

export const fetchClientActivities = (clientId: number) => getJson<ActivityRow[]>(`geteventsbyclientid/${clientId}`);
export const clientActivitiesQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: queryKeys.clients.events(clientId), queryFn: () => fetchClientActivities(clientId) });

/** The client's name for the page title (the light client answer). */
export const clientNameQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: queryKeys.clients.name(clientId),
    queryFn: () => getJson<ClientFormData>(`clients/${clientId}`, { searchParams: { minimum: 'true' } }),
  });

export function useClientName(clientId: number): string | undefined {
  return useQuery(clientNameQueryOptions(clientId)).data?.name;
}
