import { queryOptions, useQuery } from '@tanstack/react-query';
import { download, getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { ExportColumn } from '@domain/contracts/stock';

export const exportColumnsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stock.exportColumns,
    queryFn: () => getJson<ExportColumn[]>('export-columns'),
    staleTime: Infinity,
    meta: { errorText: 'Exporteren is mislukt' },
  });

export const useExportColumns = () => useQuery(exportColumnsQueryOptions());

/** GET /exportstockcsv: the list's search, filters and sort, with the chosen columns as `headings`. */
export const exportStock = (query: Record<string, string | number | undefined | null>, headings: string[]) =>
  download('exportstockcsv', { ...query, headings: headings.join(',') });
