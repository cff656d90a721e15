import { useCallback } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { EolItemRow } from '@domain/contracts/eol';
import { usePageTitle } from '../../../shell/page-title';
import { DataTable, type Column, type TableParams } from '../../../ui/DataTable';
import { eolItemsQueryOptions, firstEolItemsParams } from '../api/eol-items';
import { eolMonthsText } from '../components/eol-months';

const route = getRouteApi('/app/eol/$id');

const columns: Column<EolItemRow>[] = [
  { key: 'product_name', header: 'Productnaam' },
  { key: 'serial', header: 'Serienummer', sortable: true, whole: true, width: 110 },
  { key: 'order_number', header: 'Ordernummer', sortable: true, whole: true, width: 95 },
  { key: 'date_in_use', header: 'Aankoopdatum', sortable: true, width: 92, cell: { kind: 'date' } },
  { key: 'end_user_name', header: 'In gebruik door', sortable: true, sortKey: 'end_user', width: 110 },
  { key: 'eol_time', header: 'Maanden tot EOL', width: 88, value: (row) => eolMonthsText(row.eol_time) },
  { key: 'end_client.name', header: 'Eindklant', width: 105 },
  { key: 'reseller.name', header: 'Reseller', width: 100 },
  { key: 'id', header: '', width: 96, cell: { kind: 'view', route: 'itemDetail' } },
];

/**
 * /eol/{id}: one product's items reaching EOL; each links to its item page, where 'Ticket aanmelden' offers EOL Swap.
 */
export function EolDetailPage() {
  const { id } = route.useParams();
  const { data } = useSuspenseQuery(eolItemsQueryOptions(id, firstEolItemsParams));
  usePageTitle(data.product.name);
  const query = useCallback((params: TableParams) => eolItemsQueryOptions(id, params), [id]);
  return (
    <div className="panel">
      <DataTable<EolItemRow>
        label={`EOL items van ${data.product.name}`}
        columns={columns}
        fit
        query={query}
        defaults={firstEolItemsParams}
        searchPlaceholder="Zoeken op serienummer, ordernummer of eindgebruiker"
        urlState
        loadErrorText="Artikelgegevens kunnen niet worden ingeladen"
        emptyText="Dit product heeft geen items die binnen 3 maanden EOL gaan"
      />
    </div>
  );
}
