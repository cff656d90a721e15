import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { ClientEvent } from '@domain/contracts/clients';

export const fetchClientEvents = (id: number) => getJson<ClientEvent[]>(`geteventsbyclientid/${id}`);
export const clientEventsQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.clients.events(id), queryFn: () => fetchClientEvents(id) });
export const useClientEvents = (id: number, enabled = true) => useQuery({ ...clientEventsQueryOptions(id), enabled });
