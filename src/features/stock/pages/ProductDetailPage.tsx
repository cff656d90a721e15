import { useCallback, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { download } from '../../../api/client';
import { DataTable, type Column, type TableParams } from '../../../ui/DataTable';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { showToast, toastError } from '../../../shell/toast';
import { fetchItems } from '../api/items';
import { productQueryOptions, useProductAction } from '../api/products';
import { useSuspenseQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import type { ItemRow, ProductDetail } from '@domain/contracts/stock';
import { ProductFormModal } from '../components/ProductFormModal';
import { CheckInItemModal } from '../components/CheckInItemModal';
import { eolText, StatusLabel } from '../components/labels';
import { useSessionUser } from '../../../session';
import { useProductGroup } from '../../../api/lookups';
import '../stock.css';

const route = getRouteApi('/app/voorraad/$id');

const itemColumns: Column<ItemRow>[] = [
  { key: 'select', header: '', width: 40, cell: { kind: 'checkbox' } },
  { key: 'product_name', header: 'Productnaam' },
  {
    key: 'serial',
    header: 'Serienummer',
    sortable: true,
    whole: true,
    width: 110,
    render: (row) => (
      <Link to="/item/$id" params={{ id: row.id }}>
        {row.serial ?? '—'}
      </Link>
    ),
  },
  { key: 'order_number', header: 'Ordernummer', sortable: true, whole: true, width: 90 },
  { key: 'mac_address', header: 'MAC Adres', sortable: true, width: 105 },
  { key: 'tag_number', header: 'Asset ID', sortable: true, width: 80 },
  { key: 'end_user_name', header: 'Eindgebruiker', sortable: true, sortKey: 'end_user', width: 100 },
  { key: 'eol_time', header: 'EOL periode', width: 80, value: (row) => eolText(row.eol_time) },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    width: 150,
    value: (row) => row.status.name,
    render: (row) => <StatusLabel status={row.status} />,
  },
  { key: 'id', header: '', width: 96, cell: { kind: 'view', route: 'itemDetail' } },
];

export function ProductDetailPage() {
  const { id } = route.useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(id));
  usePageTitle(product.name);
  return <ProductDetailView product={product} />;
}

function ProductDetailView({ product }: { product: ProductDetail }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const action = useProductAction();
  const [editing, setEditing] = useState(false);
  const [checkingIn, setCheckingIn] = useState(false);
  const group = useProductGroup(product.product_group_id, product.product_group);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const fetchPage = useCallback(
    (params: TableParams, signal?: AbortSignal) => fetchItems(product.id, params, signal),
    [product.id],
  );

  const remove = async () => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je ${product.name} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    action.mutate(
      { id: product.id, action: 'delete' },
      {
        onSuccess: async () => {
          showToast('Gelukt', 'Artikel is verwijderd');
          await navigate({ to: '/voorraad' });
        },
      },
    );
  };
  const deactivate = async () => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je ${product.name} inactief wilt maken?`,
        confirmLabel: 'Inactief maken',
        danger: true,
      }))
    )
      return;
    action.mutate(
      { id: product.id, action: 'inactive' },
      {
        onSuccess: async () => {
          showToast('Gelukt', 'Artikel is inactief gemaakt');
          await navigate({ to: '/voorraad' });
        },
      },
    );
  };
  const exportItems = () => download(`exportstockitems/${product.id}`).catch(() => toastError('Exporteren is mislukt'));

  return (
    <div className="stock-detail">
      <section className="panel">
        <div className="panel-header">
          <h2>
            {product.name}
            {!product.is_active && <span className="status-label status-muted">Inactief</span>}
          </h2>
          <div className="panel-actions">
            {user.can('Artikel aanmaken') && (
              <button type="button" className="button button-primary button-small" onClick={() => setCheckingIn(true)}>
                Inklaren
              </button>
            )}
            {user.can('Voorraad wijzigen') && (
              <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
                Bewerken
              </button>
            )}
            {user.can('Voorraad exporteren') && (
              <button type="button" className="button button-secondary button-small" onClick={exportItems}>
                Exporteren
              </button>
            )}
            {user.can('Voorraad verwijderen') && product.is_active && (
              <button type="button" className="button button-secondary button-small" onClick={deactivate}>
                Inactief maken
              </button>
            )}
            {user.can('Voorraad verwijderen') && product.items_count === 0 && (
              <button type="button" className="button button-danger button-small" onClick={remove}>
                Verwijderen
              </button>
            )}
          </div>
        </div>
        <div className="product-summary">
          {product.image && <img className="product-image" src={product.image} alt={product.name} />}
          <dl className="facts">
            <div>
              <dt>Product</dt>
              <dd>{product.name}</dd>
            </div>
            <div>
              <dt>Omschrijving</dt>
              <dd>{product.description || '—'}</dd>
            </div>
            <div>
              <dt>Artikelnummer</dt>
              <dd>{product.article_number}</dd>
            </div>
            <div>
              <dt>Uniek ID</dt>
              <dd>{product.unique_product_id}</dd>
            </div>
            <div>
              <dt>EOL</dt>
              <dd>{product.eol != null ? `${product.eol} maanden` : 'Niet bekend'}</dd>
            </div>
            <div>
              <dt>Items</dt>
              <dd data-testid="items-count">{product.items_count}</dd>
            </div>
            <div>
              <dt>Productgroep</dt>
              <dd>{group.data?.name ?? product.product_group?.name ?? '—'}</dd>
            </div>
            <div>
              <dt>Eindklant</dt>
              <dd>{product.client?.name ?? '—'}</dd>
            </div>
          </dl>
        </div>
        <div className="count-strip" aria-label="Aantallen">
          <span>
            <strong>{product.items_in_stock}</strong> Voorraad
          </span>
          <span>
            <strong>{product.available_items}</strong> Op afroep
          </span>
          <span>
            <strong>{product.items_at_location}</strong> Klantlocatie
          </span>
          <span>
            <strong>{product.items_in_use}</strong> In gebruik
          </span>
        </div>
      </section>
      <section className="panel">
        <div className="panel-header">
          <h3>Items</h3>
          {selected.length > 0 && <span className="muted">{selected.length} geselecteerd</span>}
        </div>
        <DataTable<ItemRow>
          label="Items"
          queryKey={[...queryKeys.stock.items(product.id)]}
          fetchPage={fetchPage}
          loadErrorText="Productgegevens kunnen niet worden ingeladen"
          columns={itemColumns}
          fit
          selected={selected}
          onSelectedChange={setSelected}
          searchPlaceholder="Zoek op serienummer, ordernummer of MAC adres"
          urlState="i"
        />
      </section>
      {editing && <ProductFormModal product={product} onClose={() => setEditing(false)} />}
      {checkingIn && <CheckInItemModal product={product} onClose={() => setCheckingIn(false)} />}
    </div>
  );
}
