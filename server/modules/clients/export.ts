import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ClientListRow } from './lists';

/** Writes the customer rows as an .xlsx into a stream that the reply sends as it is produced. */
export function customerWorkbookStream(rows: ClientListRow[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Klanten');
  sheet.columns = [
    { header: 'ID', key: 'id', width: 8 },
    { header: 'Naam', key: 'name', width: 36 },
    { header: 'Rol', key: 'type_name', width: 16 },
    { header: 'Straat', key: 'street', width: 28 },
    { header: 'Huisnummer', key: 'number', width: 12 },
    { header: 'Plaats', key: 'city', width: 20 },
    { header: 'Bovenliggende klant', key: 'parent_name', width: 32 },
    { header: 'Contactpersoon', key: 'contact_name', width: 26 },
    { header: 'Aangemaakt op', key: 'created_at', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for (const r of rows) {
      sheet.addRow({
        ...r,
        number: [r.number, r.addition].filter(Boolean).join(''),
        created_at: new Date(r.created_at),
      }).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => stream.destroy(err));
  return stream;
}

export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `klanten-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.xlsx`;
}
