import { formatDate } from '@domain/dates';
import type { Executor } from '../../db/database';
import { csvCell } from '../../lib/csv-cell';
import { timestampedName } from '../../lib/xlsx';
import type { AuthUser } from '../../http/access';
import type { ListParams } from '../../http/list-params';
import { asnInScope } from './detail';
import { asnProductsQuery } from './lists';

const EXPORT_MAX_ROWS = 100_000;

/**
 * GET /exportasnproductscsv: the products of one pre-notification (`asnId`) or of every
 * pre-notification in the list's filters, of the open or archive tab.
 */
export async function asnProductsForExport(
  db: Executor,
  user: AuthUser,
  params: ListParams,
  asnId: number | null,
  tab: 'open' | 'archive' | undefined,
) {
  if (asnId !== null) await asnInScope(db, user, asnId);
  let q = asnProductsQuery(db, user, params, asnId);
  if (asnId === null && tab) q = q.where('a.completed_at', tab === 'archive' ? 'is not' : 'is', null);
  return q.limit(EXPORT_MAX_ROWS).execute();
}

interface AsnProductCsvRow {
  client_name: string;
  reference: string;
  w_number: string | null;
  name: string;
  article_number: string;
  quantity: number;
  arrived: number;
  expected: string | null;
  created_at: Date;
}

/** Semicolon separated with a BOM, so Dutch Excel opens it with the right columns and accents. */
export function asnProductsCsv(rows: AsnProductCsvRow[]): string {
  const header = [
    'Eindklant',
    'Ordernummer',
    'Topdesknummer',
    'Artikelomschrijving',
    'Artikelnummer',
    'Aantal',
    'Ingeklaard',
    'Leverdatum',
    'Aanmelddatum',
  ];
  const lines = rows.map((r) =>
    [
      r.client_name,
      r.reference,
      r.w_number,
      r.name,
      r.article_number,
      r.quantity,
      r.arrived,
      formatDate(r.expected),
      formatDate(r.created_at),
    ]
      .map(csvCell)
      .join(';'),
  );
  return `\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}

/** Named as every export is: 'voormeldingen-YYYYMMDD-HHmmss.csv'. */
export function csvFileName(now = new Date()): string {
  return timestampedName('voormeldingen', 'csv', now);
}
