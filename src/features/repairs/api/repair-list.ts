import { queryOptions } from '@tanstack/react-query';
import { download, getJson, type Paged } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { RepairListRow } from '@domain/contracts/repairs';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';

/** GET /api/repairdeliveries (spec 2 §2.9). */
export const repairListQueryOptions = (params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.repairs.lists, params],
    queryFn: ({ signal }) =>
      getJson<Paged<RepairListRow>>('repairdeliveries', { searchParams: toSearchParams(params), signal }),
  });

/** GET /api/exportrepair with the list's search, filters and sort; the export has no pages. */
export function exportRepairs(params: TableParams): Promise<void> {
  const { page: _page, ...query } = toSearchParams(params);
  return download('exportrepair', query);
}
