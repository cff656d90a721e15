import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { ClientDetail } from '@domain/contracts/clients';

export const fetchClient = (id: number) => getJson<ClientDetail>(`clients/${id}`);

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.clients.detail(id),
    queryFn: () => fetchClient(id),
    meta: { errorText: 'Klantgegevens kunnen niet worden ingeladen' },
  });
