import { useId, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ClientType } from '@domain/enums';
import { DataTable, type Column } from '../../../ui/DataTable';
import type { CustomerPanelProps } from '../../../shell/slots';
import { toastSuccess } from '../../../shell/toast';
import { queryKeys } from '../../../api/keys';
import { fetchClientItems, fetchClientProducts, useActivateProduct, useSaveProductPrice } from '../api/client-stock';
import type { ItemRow, ProductRow } from '@domain/contracts/stock';
import { useSessionUser } from '../../../session';
import { productQueryOptions } from '../api/products';
import { ProductFormModal } from './ProductFormModal';
import { StatusLabel } from './labels';
import '../stock.css';

const LOAD_FAILED = 'Producten kunnen niet worden ingeladen';

const productName: Column<ProductRow> = {
  key: 'name',
  header: 'Productnaam',
  sortable: true,
  width: 240,
  render: (row) => (
    <Link to="/voorraad/$id" params={{ id: row.id }}>
      {row.name}
    </Link>
  ),
};
const articleNumber: Column<ProductRow> = { key: 'article_number', header: 'Artikelnr', sortable: true, width: 140 };

const activeColumns: Column<ProductRow>[] = [
  productName,
  articleNumber,
  { key: 'items_in_stock', header: 'Voorraad', sortable: true, width: 100, align: 'right' },
  { key: 'available_items', header: 'Op afroep', sortable: true, width: 100, align: 'right' },
  { key: 'items_at_location', header: 'Klantlocatie', sortable: true, width: 115, align: 'right' },
  { key: 'items_in_use', header: 'In gebruik', sortable: true, width: 100, align: 'right' },
];
const viewProduct: Column<ProductRow> = {
  key: 'id',
  header: '',
  width: 110,
  cell: { kind: 'view', route: 'stockDetail' },
};

const itemColumns: Column<ItemRow>[] = [
  { key: 'product_name', header: 'Productnaam', sortable: true, width: 260 },
  { key: 'serial', header: 'Serienummer', sortable: true, width: 180 },
  { key: 'status', header: 'Status', sortable: true, width: 180, render: (row) => <StatusLabel status={row.status} /> },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'itemDetail' } },
];

function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel-header">
        <h2 id={id}>{title}</h2>
        {actions && <div className="panel-actions">{actions}</div>}
      </div>
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
export function CustomerStockPanels({ client, viewerClientTypeId, onClientChanged }: CustomerPanelProps) {
  const user = useSessionUser();
  if (viewerClientTypeId === ClientType.EINDKLANT || !user.can('Voorraad bekijken')) return null;
  if (client.client_type_id === ClientType.EINDKLANT) {
    return (
      <EndCustomerStock
        clientId={client.id}
        canActivate={user.can('Voorraad wijzigen')}
        canPrice={user.can('Factuur beheren')}
        canCreate={user.can('Voorraad aanmaken')}
        canEdit={user.can('Voorraad wijzigen')}
        onSaved={onClientChanged}
      />
    );
  }
  if (client.client_type_id === ClientType.EINDGEBRUIKER) {
    return (
      <Panel title="Voorraad in gebruik">
        <DataTable<ItemRow>
          label="Voorraad in gebruik"
          searchable={false}
          columns={itemColumns}
          loadErrorText={LOAD_FAILED}
          queryKey={queryKeys.stock.clientItems(client.id)}
          fetchPage={(params, signal) => fetchClientItems(client.id, params, signal)}
        />
      </Panel>
    );
  }
  return null;
}

/** The stock modals of the customer page: 'Voorraad aanmaken' and a row's ✎ (its product id). */
type StockModal = { kind: 'add' } | { kind: 'edit'; productId: number } | null;

function EndCustomerStock({
  clientId,
  canActivate,
  canPrice,
  canCreate,
  canEdit,
  onSaved,
}: {
  clientId: number;
  canActivate: boolean;
  canPrice: boolean;
  canCreate: boolean;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const activate = useActivateProduct();
  const savePrice = useSaveProductPrice();
  const [modal, setModal] = useState<StockModal>(null);
  const close = () => setModal(null);

  // The edit pencil beside the view button, as 'Tarief bewerken' in 'Tarieven'; the name column gives up its width.
  const activeWithEdit: Column<ProductRow>[] = canEdit
    ? [
        { ...productName, width: 196 },
        ...activeColumns.slice(1),
        {
          key: 'edit',
          header: '',
          width: 48,
          align: 'center',
          render: (row) => (
            <button
              type="button"
              className="icon-button table-icon"
              aria-label={`${row.name} wijzigen`}
              title="Artikel bewerken"
              onClick={() => setModal({ kind: 'edit', productId: row.id })}
            >
              ✎
            </button>
          ),
        },
        viewProduct,
      ]
    : [...activeColumns, viewProduct];

  const inactiveColumns: Column<ProductRow>[] = [
    productName,
    articleNumber,
    ...(canActivate
      ? // ActivateCell asks 'Activeren' first and shows the toast 'Activeren' / 'Product is geactiveerd' (spec 1 §4).
        [
          {
            key: 'is_active',
            header: '',
            width: 110,
            cell: {
              kind: 'activate',
              onActivate: (row) => activate.mutateAsync(row.id),
              isActive: (row) => row.is_active,
            },
          } satisfies Column<ProductRow>,
        ]
      : []),
  ];
  const priceColumns: Column<ProductRow>[] = [
    productName,
    articleNumber,
    {
      key: 'price',
      header: 'Tarief',
      width: 140,
      align: 'right',
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
      <Panel
        title="Actieve voorraad"
        actions={
          canCreate && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setModal({ kind: 'add' })}
            >
              Voorraad aanmaken
            </button>
          )
        }
      >
        <DataTable<ProductRow>
          label="Actieve voorraad"
          searchable={false}
          columns={activeWithEdit}
          loadErrorText={LOAD_FAILED}
          queryKey={queryKeys.stock.clientProducts(clientId, true)}
          fetchPage={(params, signal) => fetchClientProducts(clientId, true, params, signal)}
        />
      </Panel>
      <Panel title="Inactieve voorraad">
        <DataTable<ProductRow>
          label="Inactieve voorraad"
          searchable={false}
          columns={inactiveColumns}
          loadErrorText={LOAD_FAILED}
          queryKey={queryKeys.stock.clientProducts(clientId, false)}
          fetchPage={(params, signal) => fetchClientProducts(clientId, false, params, signal)}
        />
      </Panel>
      {canPrice && (
        <Panel title="Tarieven">
          <DataTable<ProductRow>
            label="Tarieven"
            searchable={false}
            columns={priceColumns}
            loadErrorText={LOAD_FAILED}
            queryKey={queryKeys.stock.clientProducts(clientId, true)}
            fetchPage={(params, signal) => fetchClientProducts(clientId, true, params, signal)}
          />
        </Panel>
      )}
      {modal?.kind === 'add' && <ProductFormModal clientId={clientId} onClose={close} onSaved={onSaved} />}
      {modal?.kind === 'edit' && <EditProduct productId={modal.productId} onClose={close} onSaved={onSaved} />}
    </>
  );
}

/** 'Artikel bewerken' of a row: the article's full data first, then the stock page's own form. */
function EditProduct({ productId, onClose, onSaved }: { productId: number; onClose: () => void; onSaved: () => void }) {
  const { data: product } = useQuery(productQueryOptions(productId));
  return product ? <ProductFormModal product={product} onClose={onClose} onSaved={onSaved} /> : null;
}
