import type { EolProductRow } from '@domain/contracts/eol';
import type { XlsxColumn } from '../../lib/xlsx';

/** The overview's columns (spec 2 §2.11), without the detail button. */
export const eolProductExportColumns: XlsxColumn<EolProductRow>[] = [
  { key: 'name', label: 'Productnaam', width: 36, value: (r) => r.name },
  { key: 'article_number', label: 'Artikelnummer', width: 18, value: (r) => r.article_number },
  { key: 'eol_items', label: 'Aantal EOL items', width: 17, value: (r) => r.eol_items },
  { key: 'client_name', label: 'Eindklant', width: 30, value: (r) => r.client_name },
  { key: 'reseller_name', label: 'Reseller', width: 28, value: (r) => r.reseller_name },
];
