import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { AsnDetail } from '@domain/contracts/prenotifications';

export const asnDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.prenotifications.detail(id),
    queryFn: ({ signal }) => getJson<AsnDetail>(`asns/${id}`, { signal }),
  });
