import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ClientType } from '../../../domain/enums';
import { DataTable, type Column } from '../../../ui/DataTable';
import type { CustomerPanelProps } from '../../../shell/slots';
import { toastSuccess } from '../../../shell/toast';
import { queryKeys } from '../../../api/keys';
import { fetchClientItems, fetchClientProducts, useActivateProduct, useSaveProductPrice } from '../api/client-stock';
import type { ItemRow, ProductRow } from '../../../domain/contracts/stock';
import { useSessionUser } from '../../../session';
import { StatusLabel } from './labels';
import '../stock.css';

const LOAD_FAILED = 'Producten kunnen niet worden ingeladen';

const productName: Column<ProductRow> = {
  key: 'name', header: 'Productnaam', sortable: true, width: 240,
  render: (row) => <Link to="/voorraad/$id" params={{ id: row.id }}>{row.name}</Link>,
};
const articleNumber: Column<ProductRow> = { key: 'article_number', header: 'Artikelnr', sortable: true, width: 140 };

const activeColumns: Column<ProductRow>[] = [
  productName,
  articleNumber,
  { key: 'items_in_stock', header: 'Voorraad', sortable: true, width: 100, align: 'right' },
  { key: 'available_items', header: 'Op afroep', sortable: true, width: 100, align: 'right' },
  { key: 'items_at_location', header: 'Klantlocatie', sortable: true, width: 115, align: 'right' },
  { key: 'items_in_use', header: 'In gebruik', sortable: true, width: 100, align: 'right' },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'stockDetail' } },
];

const itemColumns: Column<ItemRow>[] = [
  { key: 'product_name', header: 'Productnaam', sortable: true, width: 260 },
  { key: 'serial', header: 'Serienummer', sortable: true, width: 180 },
  { key: 'status', header: 'Status', sortable: true, width: 180, render: (row) => <StatusLabel status={row.status} /> },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'itemDetail' } },
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel-header"><h2 id={id}>{title}</h2></div>
      {children}
    </section>
  );
}

/**
 * The stock blocks of the customer page (spec 1 §2.9), shown through the 'customer' slot
 * (src/panels.ts). An end customer gets 'Actieve voorraad', 'Inactieve voorraad' and, with
 * 'Factuur beheren', 'Tarieven'; an end user gets 'Voorraad in gebruik'. Users of an end customer
 * see none of them. Search is off in every one of these tables.
 */
export function CustomerStockPanels({ client, viewerClientTypeId }: CustomerPanelProps) {
  const user = useSessionUser();
  if (viewerClientTypeId === ClientType.EINDKLANT || !user.can('Voorraad bekijken')) return null;
  if (client.client_type_id === ClientType.EINDKLANT) {
    return <EndCustomerStock clientId={client.id} canActivate={user.can('Voorraad wijzigen')} canPrice={user.can('Factuur beheren')} />;
  }
  if (client.client_type_id === ClientType.EINDGEBRUIKER) {
    return (
      <Panel title="Voorraad in gebruik">
        <DataTable<ItemRow> label="Voorraad in gebruik" searchable={false} columns={itemColumns} loadErrorText={LOAD_FAILED}
          queryKey={queryKeys.stock.clientItems(client.id)} fetchPage={(params, signal) => fetchClientItems(client.id, params, signal)} />
      </Panel>
    );
  }
  return null;
}

function EndCustomerStock({ clientId, canActivate, canPrice }: { clientId: number; canActivate: boolean; canPrice: boolean }) {
  const activate = useActivateProduct();
  const savePrice = useSaveProductPrice();

  const inactiveColumns: Column<ProductRow>[] = [
    productName,
    articleNumber,
    ...(canActivate
      // ActivateCell asks 'Activeren' first and shows the toast 'Activeren' / 'Product is geactiveerd' (spec 1 §4).
      ? [{ key: 'is_active', header: '', width: 110, cell: { kind: 'activate', onActivate: (row) => activate.mutateAsync(row.id), isActive: (row) => row.is_active } } satisfies Column<ProductRow>]
      : []),
  ];
  const priceColumns: Column<ProductRow>[] = [
    productName,
    articleNumber,
    {
      key: 'price', header: 'Tarief', width: 140, align: 'right',
      cell: {
        kind: 'editPrice',
        onSave: async (row, cents) => {
          const answer = await savePrice.mutateAsync({ id: row.id, cents });
          toastSuccess('Gelukt', answer.message);
        },
      },
    },
  ];

  return (
    <>
      <Panel title="Actieve voorraad">
        <DataTable<ProductRow> label="Actieve voorraad" searchable={false} columns={activeColumns} loadErrorText={LOAD_FAILED}
          queryKey={queryKeys.stock.clientProducts(clientId, true)} fetchPage={(params, signal) => fetchClientProducts(clientId, true, params, signal)} />
      </Panel>
      <Panel title="Inactieve voorraad">
        <DataTable<ProductRow> label="Inactieve voorraad" searchable={false} columns={inactiveColumns} loadErrorText={LOAD_FAILED}
          queryKey={queryKeys.stock.clientProducts(clientId, false)} fetchPage={(params, signal) => fetchClientProducts(clientId, false, params, signal)} />
      </Panel>
      {canPrice && (
        <Panel title="Tarieven">
          <DataTable<ProductRow> label="Tarieven" searchable={false} columns={priceColumns} loadErrorText={LOAD_FAILED}
            queryKey={queryKeys.stock.clientProducts(clientId, true)} fetchPage={(params, signal) => fetchClientProducts(clientId, true, params, signal)} />
        </Panel>
      )}
    </>
  );
}

