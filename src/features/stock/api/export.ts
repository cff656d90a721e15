import { queryOptions, useQuery } from '@tanstack/react-query';
import { download, getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';

/** A column the stock export offers (GET /export-columns); `default` ones are the list's own columns. */
export interface ExportColumn {
  key: string;
  label: string;
  default: boolean;
}

export const exportColumnsQueryOptions = () => queryOptions({
  queryKey: queryKeys.stock.exportColumns,
  queryFn: () => getJson<ExportColumn[]>('export-columns'),
  staleTime: Infinity,
  meta: { errorText: 'Exporteren is mislukt' },
});

export const useExportColumns = () => useQuery(exportColumnsQueryOptions());

/** GET /exportstockcsv: the list's search, filters and sort, with the chosen columns as `headings`. */
export const exportStock = (query: Record<string, string | number | undefined | null>, headings: string[]) =>
  download('exportstockcsv', { ...query, headings: headings.join(',') });
