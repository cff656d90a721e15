import { useMemo } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import * as v from 'valibot';
import type { EolProductRow } from '../../../domain/contracts/eol';
import { useEndCustomers, useResellers } from '../../../api/lookups';
import { TopBarActions } from '../../../shell/top-bar';
import { toastError } from '../../../shell/toast';
import { DataTable, type Column, type TableParams } from '../../../ui/DataTable';
import { readUrlState } from '../../../ui/table/url-state';
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

/** /eol: every product with items reaching EOL within 3 months, within the user's hierarchy (spec 2 §2.11). */
export function EolPage() {
  const search = route.useSearch({ select: (validated) => v.parse(eolListSearch, validated) });
  const params = useMemo(() => readUrlState(search, defaults), [search]);
  const customers = useEndCustomers();
  const resellers = useResellers();

  const exportList = () => exportEolProducts(params).catch(() => toastError('Exporteren is mislukt'));

  return (
    <div className="panel">
      <TopBarActions actions={[{ label: 'EOL exporteren', right: 'EOL exporteren', onClick: () => void exportList() }]} />
      <DataTable<EolProductRow>
        label="EOL overzicht"
        columns={columns}
        query={eolProductsQueryOptions}
        defaults={defaults}
        filters={[
          { name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] },
          { name: 'reseller', allLabel: 'Alle resellers', options: resellers.data ?? [] },
        ]}
        searchPlaceholder="Zoeken op product, eindklant, reseller of artikelnummer"
        urlState
        loadErrorText="Producten kunnen niet worden ingeladen"
        emptyText="Er zijn geen producten met items die binnen 3 maanden EOL gaan"
      />
    </div>
  );
}
