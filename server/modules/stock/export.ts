import { centsToPriceString, formatDate } from '@domain/format';
import type { XlsxColumn as ExportColumn } from '../../lib/xlsx';
import type { ExportColumn as OfferedColumn, ItemRow } from '@domain/contracts/stock';
import type { Answer } from '../../http/route-schema';
import type { allProducts } from './product-lists';

type ProductExportRow = Awaited<ReturnType<typeof allProducts>>[number];
type ItemExportRow = Answer<ItemRow>;

/** The columns offered by GET /export-columns, in the stock list's order; `headings` picks among them. */
const productExportColumns: ExportColumn<ProductExportRow>[] = [
  { key: 'name', label: 'Productnaam', width: 36, value: (r) => r.name },
  { key: 'article_number', label: 'Artikelnr', width: 16, value: (r) => r.article_number },
  { key: 'items_in_stock', label: 'Voorraad', width: 11, value: (r) => r.items_in_stock },
  { key: 'available_items', label: 'Op afroep', width: 11, value: (r) => r.available_items },
  { key: 'items_at_location', label: 'Klantlocatie', width: 13, value: (r) => r.items_at_location },
  { key: 'items_in_use', label: 'In gebruik', width: 11, value: (r) => r.items_in_use },
  { key: 'client_name', label: 'Eindklant', width: 30, value: (r) => r.client_name },
  { key: 'reseller_name', label: 'Reseller', width: 28, value: (r) => r.reseller_name },
  { key: 'unique_product_id', label: 'Uniek ID', width: 16, value: (r) => r.unique_product_id },
  { key: 'description', label: 'Omschrijving', width: 36, value: (r) => r.description },
  { key: 'eol', label: 'EOL (maanden)', width: 14, value: (r) => r.eol },
  { key: 'items_count', label: 'Totaal items', width: 13, value: (r) => r.items_count },
  { key: 'price', label: 'Tarief', width: 10, value: (r) => centsToPriceString(r.price_cents) },
];
const defaultKeys = [
  'name',
  'article_number',
  'items_in_stock',
  'available_items',
  'items_at_location',
  'items_in_use',
  'client_name',
  'reseller_name',
];

export function exportColumnsList(): OfferedColumn[] {
  return productExportColumns.map((c) => ({ key: c.key, label: c.label, default: defaultKeys.includes(c.key) }));
}

/** `headings` as 'a,b', headings[]=a&headings[]=b or headings[0]=a; unknown keys are ignored. */
export function pickedColumns(query: unknown): ExportColumn<ProductExportRow>[] {
  const q = (query ?? {}) as Record<string, unknown>;
  const raw: string[] = [];
  for (const [key, value] of Object.entries(q)) {
    if (key === 'headings' || key === 'headings[]' || /^headings\[\d+\]$/.test(key))
      raw.push(...[value].flat().flatMap((x) => String(x).split(',')));
  }
  const keys = raw.map((s) => s.trim()).filter(Boolean);
  const picked = keys.flatMap((k) => productExportColumns.filter((c) => c.key === k || c.label === k));
  return picked.length ? picked : productExportColumns.filter((c) => defaultKeys.includes(c.key));
}

export const itemExportColumns: ExportColumn<ItemExportRow>[] = [
  { key: 'product_name', label: 'Productnaam', width: 32, value: (r) => r.product_name },
  { key: 'serial', label: 'Serienummer', width: 18, value: (r) => r.serial },
  { key: 'order_number', label: 'Ordernummer', width: 18, value: (r) => r.order_number },
  { key: 'mac_address', label: 'MAC Adres', width: 20, value: (r) => r.mac_address },
  { key: 'tag_number', label: 'Asset ID', width: 14, value: (r) => r.tag_number },
  { key: 'end_user', label: 'Eindgebruiker', width: 26, value: (r) => r.end_user_name },
  { key: 'eol_time', label: 'EOL periode (maanden)', width: 20, value: (r) => r.eol_time },
  { key: 'status', label: 'Status', width: 22, value: (r) => r.status.name },
  { key: 'date_in_use', label: 'Aankoopdatum', width: 14, value: (r) => formatDate(r.date_in_use) },
];
