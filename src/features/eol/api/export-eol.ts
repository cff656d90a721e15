import { download } from '../../../api/client';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';

/** GET /api/exporteolproducts with the overview's search, filters and sort; the export has no pages. */
export function exportEolProducts(params: TableParams): Promise<void> {
  const { page: _page, ...query } = toSearchParams(params);
  return download('exporteolproducts', query);
}
