import type { XlsxColumn } from '../../lib/xlsx';
import type { ClientListRow } from './lists';

/** The columns of the customer export (GET /api/exportcrmcsv). */
export const customerExportColumns: XlsxColumn<ClientListRow>[] = [
  { key: 'id', label: 'ID', width: 8, value: (r) => r.id },
  { key: 'name', label: 'Naam', width: 36, value: (r) => r.name },
  { key: 'type_name', label: 'Rol', width: 16, value: (r) => r.type_name },
  { key: 'street', label: 'Straat', width: 28, value: (r) => r.street },
  { key: 'number', label: 'Huisnummer', width: 12, value: (r) => [r.number, r.addition].filter(Boolean).join('') },
  { key: 'city', label: 'Plaats', width: 20, value: (r) => r.city },
  { key: 'parent_name', label: 'Bovenliggende klant', width: 32, value: (r) => r.parent_name },
  { key: 'contact_name', label: 'Contactpersoon', width: 26, value: (r) => r.contact_name },
  { key: 'created_at', label: 'Aangemaakt op', width: 18, value: (r) => new Date(r.created_at) },
];
