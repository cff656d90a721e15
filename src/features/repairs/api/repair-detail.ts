import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { RepairDetail } from '@domain/contracts/repairs';

/**
 * GET /api/repairs/{id}: the repair page's data, with what the user may do (`can`). Always stale: the
 * quotation's validity runs on the server's clock, and a copy restored from the persisted cache after a
 * reload may predate the last change.
 */
export const repairQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.repairs.detail(id),
    queryFn: ({ signal }) => getJson<RepairDetail>(`repairs/${id}`, { signal }),
    staleTime: 0,
  });
