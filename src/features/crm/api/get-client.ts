import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import type { ClientDetail } from './types';

export const clientKeys = {
  all: ['clients'] as const,
  detail: (id: number) => ['clients', 'detail', id] as const,
  lists: ['clients', 'list'] as const,
  events: (id: number) => ['clients', 'events', id] as const,
  lookups: ['clients', 'lookups'] as const,
};

export const fetchClient = (id: number) => getJson<ClientDetail>(`clients/${id}`);

export const clientQueryOptions = (id: number) => queryOptions({ queryKey: clientKeys.detail(id), queryFn: () => fetchClient(id) });

export function useClient(id: number) {
  return useQuery(clientQueryOptions(id));
}
