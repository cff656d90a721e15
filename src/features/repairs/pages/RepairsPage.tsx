import { getRouteApi } from '@tanstack/react-router';
import * as v from 'valibot';
import type { RepairListRow } from '@domain/contracts/repairs';
import { useEndCustomers } from '../../../api/lookups';
import type { Column, TableParams } from '../../../ui/DataTable';
import { ExportableTable, type TableExport } from '../../../ui/ExportableTable';
import { exportRepairs, repairListQueryOptions } from '../api/repair-list';
import { repairListSearch } from './search';

const route = getRouteApi('/app/reparaties');

const defaults: TableParams = { search: '', filters: {}, sort: null, order: 'asc', page: 1 };

const columns: Column<RepairListRow>[] = [
  { key: 'order_number', header: 'Ordernummer', sortable: true, whole: true, width: 100 },
  { key: 'serials', header: 'Serienummer', sortable: true, sortKey: 'serial', whole: true, width: 110 },
  { key: 'products', header: 'Producten', sortable: true, width: 125 },
  { key: 'end_customer_name', header: 'Eindklant', sortable: true, width: 115 },
  { key: 'end_user_name', header: 'Eindgebruiker', sortable: true, width: 100 },
  { key: 'created_at', header: 'Datum melding', sortable: true, width: 92, cell: { kind: 'date' } },
  { key: 'finished_repair', header: 'Afgerond op', sortable: true, width: 92, cell: { kind: 'date' } },
  { key: 'w_number', header: 'Topdesknummer', sortable: true, width: 90 },
  { key: 'id', header: '', width: 96, cell: { kind: 'view', route: 'repairDetail' } },
];

const exportAction: TableExport = {
  label: 'Reparaties exporteren',
  right: 'Reparaties exporteren',
  download: exportRepairs,
};

/** /reparaties: every repair request within the user's hierarchy (spec 2 §2.9). */
export function RepairsPage() {
  const search = route.useSearch({ select: (validated) => v.parse(repairListSearch, validated) });
  const customers = useEndCustomers();
  return (
    <ExportableTable<RepairListRow>
      search={search}
      exportAction={exportAction}
      label="Reparaties"
      fit
      columns={columns}
      query={repairListQueryOptions}
      defaults={defaults}
      filters={[{ name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] }]}
      searchPlaceholder="Zoeken op ordernummer, serienummer, producten of eindklant"
      loadErrorText="Leveringen kunnen niet worden ingeladen"
      emptyText="Er zijn geen reparaties gevonden"
    />
  );
}
