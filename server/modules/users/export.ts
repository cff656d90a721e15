import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { timestampedName } from '../../lib/xlsx';
import type { allUsers } from './service';

type ExportRow = Awaited<ReturnType<typeof allUsers>>[number];

/** Writes the users as an .xlsx into a stream that the reply sends as it is produced. */
export function usersWorkbookStream(rows: ExportRow[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Gebruikers');
  sheet.columns = [
    { header: 'ID', key: 'id', width: 8 },
    { header: 'Naam', key: 'name', width: 30 },
    { header: 'Email', key: 'email', width: 36 },
    { header: 'Rol', key: 'roles', width: 30 },
    { header: 'Klant', key: 'client_name', width: 32 },
    { header: 'Tweestapsverificatie', key: 'otp', width: 20 },
    { header: 'Geactiveerd', key: 'activated', width: 14 },
    { header: 'Aangemaakt op', key: 'created_at', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for (const r of rows) {
      sheet.addRow({
        id: r.id, name: r.name, email: r.email, roles: r.roles.join(', '), client_name: r.client_name,
        otp: r.otp_enabled ? 'Actief' : 'Inactief', activated: r.activated_at ? 'Ja' : 'Nee', created_at: new Date(r.created_at),
      }).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => stream.destroy(err));
  return stream;
}

export const usersExportFileName = (now = new Date()) => timestampedName('gebruikers', 'xlsx', now);
