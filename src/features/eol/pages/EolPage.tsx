import { getRouteApi } from '@tanstack/react-router';
import * as v from 'valibot';
import type { EolProductRow } from '@domain/contracts/eol';
import { useEndCustomers, useResellers } from '../../../api/lookups';
import type { Column, TableParams } from '../../../ui/DataTable';
import { ExportableTable, type TableExport } from '../../../ui/ExportableTable';
import { eolProductsQueryOptions } from '../api/eol-products';
import { exportEolProducts } from '../api/export-eol';
import { eolListSearch } from './search';

const route = getRouteApi('/app/eol');

const defaults: TableParams = { search: '', filters: {}, sort: 'name', order: 'asc', page: 1 };

const columns: Column<EolProductRow>[] = [
  { key: 'name', header: 'Productnaam', sortable: true, width: 200 },
  { key: 'article_number', header: 'Artikelnummer', sortable: true, width: 125 },
  { key: 'eol_items', header: 'Aantal EOL items', sortable: true, width: 125, align: 'right' },
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 170 },
  { key: 'reseller_name', header: 'Reseller', sortable: true, sortKey: 'reseller', width: 170 },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'EOLDetail' } },
];

const exportAction: TableExport = { label: 'EOL exporteren', right: 'EOL exporteren', download: exportEolProducts };

/** /eol: every product with items reaching EOL within 3 months, within the user's hierarchy (spec 2 §2.11). */
export function EolPage() {
  const search = route.useSearch({ select: (validated) => v.parse(eolListSearch, validated) });
  const customers = useEndCustomers();
  const resellers = useResellers();
  return (
    <ExportableTable<EolProductRow>
      search={search}
      exportAction={exportAction}
      label="EOL overzicht"
      columns={columns}
      query={eolProductsQueryOptions}
      defaults={defaults}
      filters={[
        { name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] },
        { name: 'reseller', allLabel: 'Alle resellers', options: resellers.data ?? [] },
      ]}
      searchPlaceholder="Zoeken op product, eindklant, reseller of artikelnummer"
      loadErrorText="Producten kunnen niet worden ingeladen"
      emptyText="Er zijn geen producten met items die binnen 3 maanden EOL gaan"
    />
  );
}
