import type { XlsxColumn } from '../../lib/xlsx';
import type { allUsers } from './lists';

type ExportRow = Awaited<ReturnType<typeof allUsers>>[number];

/** The columns of the user export (GET /api/exportusers). */
export const userExportColumns: XlsxColumn<ExportRow>[] = [
  { key: 'id', label: 'ID', width: 8, value: (r) => r.id },
  { key: 'name', label: 'Naam', width: 30, value: (r) => r.name },
  { key: 'email', label: 'Email', width: 36, value: (r) => r.email },
  { key: 'roles', label: 'Rol', width: 30, value: (r) => r.roles.join(', ') },
  { key: 'client_name', label: 'Klant', width: 32, value: (r) => r.client_name },
  { key: 'otp', label: 'Tweestapsverificatie', width: 20, value: (r) => (r.otp_enabled ? 'Actief' : 'Inactief') },
  { key: 'activated', label: 'Geactiveerd', width: 14, value: (r) => (r.activated_at ? 'Ja' : 'Nee') },
  { key: 'created_at', label: 'Aangemaakt op', width: 18, value: (r) => new Date(r.created_at) },
];
