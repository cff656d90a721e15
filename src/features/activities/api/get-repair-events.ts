import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { RepairEventRow } from '@domain/contracts/repairs';

/** GET /api/geteventsbyrepairid/{id}: a repair's whole history, newest first. */
export const repairActivitiesQueryOptions = (repairId: number) =>
  queryOptions({
    queryKey: queryKeys.repairs.events(repairId),
    queryFn: ({ signal }) => getJson<RepairEventRow[]>(`geteventsbyrepairid/${repairId}`, { signal }),
  });
