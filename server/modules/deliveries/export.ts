import type { DeliveryListRow } from '@domain/contracts/deliveries';
import type { XlsxColumn } from '../../lib/xlsx';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import type { ListParams } from '../../http/list-params';
import { deliveryListQuery, toListRow, type DeliveryTab } from './lists';

const dateTime = (iso: string | null) => (iso ? new Date(iso) : null);

/** The columns of spec 2 §2.6 ('Afgerond op' for the finished tab). */
export function exportColumns(tab: DeliveryTab): XlsxColumn<DeliveryListRow>[] {
  const columns: XlsxColumn<DeliveryListRow>[] = [
    { key: 'date', label: 'Datum', value: (r) => r.date },
    { key: 'order_number', label: 'Ordernummer', width: 18, value: (r) => r.order_number },
    { key: 'end_customer_name', label: 'Eindklant', width: 28, value: (r) => r.end_customer_name },
    { key: 'client_name', label: 'Klant', width: 26, value: (r) => r.client_name },
    { key: 'address', label: 'Adres', width: 32, value: (r) => r.address },
    { key: 'type', label: 'Type', width: 16, value: (r) => r.delivery_type.name },
    { key: 'products_count', label: 'Voorraad', value: (r) => r.products_count },
    { key: 'created_at', label: 'Aanmelddatum', width: 18, value: (r) => dateTime(r.created_at) },
    { key: 'w_number', label: 'Topdesknummer', width: 16, value: (r) => r.w_number },
  ];
  if (tab === 'finished')
    columns.push({ key: 'completed_at', label: 'Afgerond op', width: 18, value: (r) => dateTime(r.completed_at) });
  return columns;
}

const EXPORT_MAX_ROWS = 100_000;

export async function deliveriesForExport(db: Executor, user: AuthUser, tab: DeliveryTab, params: ListParams) {
  return (await deliveryListQuery(db, user, tab, params).limit(EXPORT_MAX_ROWS).execute()).map(toListRow);
}
