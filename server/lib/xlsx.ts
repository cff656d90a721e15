import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => string | number | Date | null | undefined;
  width?: number;
}

/** '<name>-YYYYMMDD-HHmmss.xlsx' */
export function timestampedName(name: string, ext = 'xlsx', now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.${ext}`;
}

/** Streams a one-sheet workbook to the client as a download. */
export async function sendXlsx<T>(reply: FastifyReply, fileName: string, sheetName: string, columns: XlsxColumn<T>[], rows: Iterable<T>): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Reuzado Portaal';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? null));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(buffer);
}
