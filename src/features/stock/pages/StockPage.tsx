import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { download } from '../../../api/client';
import { ClientType, DeliveryType } from '../../../domain/enums';
import { Slot, type DeliveryRequestSlotProps } from '../../../shell/slots';
import { DataTable, toSearchParams, type Column, type TableParams } from '../../../ui/DataTable';
import { useEvent } from '../../../shell/events';
import { toastError } from '../../../shell/toast';
import { fetchBundles } from '../api/bundles';
import { fetchProducts } from '../api/products';
import { queryKeys } from '../../../api/keys';
import { useEndCustomers, useProductGroups, useResellers } from '../../../api/lookups';
import type { BundleRow, ProductRow } from '../api/types';
import { BundleCreateModal } from '../components/BundleCreateModal';
import { ImportStockModal } from '../components/ImportStockModal';
import { ProductFormModal } from '../components/ProductFormModal';
import { useSessionUser } from '../../../session';
import '../stock.css';

type Tab = 'artikelen' | 'bundels';

// The product name links to the article; no separate view column, so the eight spec columns fit at 1280 px.
const productColumns: Column<ProductRow>[] = [
  { key: 'name', header: 'Productnaam', sortable: true, width: 190, render: (row) => <Link to="/voorraad/$id" params={{ id: String(row.id) }}>{row.name}</Link> },
  { key: 'article_number', header: 'Artikelnr', sortable: true, width: 110 },
  { key: 'items_in_stock', header: 'Voorraad', sortable: true, width: 92, align: 'right' },
  { key: 'available_items', header: 'Op afroep', sortable: true, width: 92, align: 'right' },
  { key: 'items_at_location', header: 'Klantlocatie', sortable: true, width: 110, align: 'right' },
  { key: 'items_in_use', header: 'In gebruik', sortable: true, width: 92, align: 'right' },
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 140 },
  { key: 'reseller_name', header: 'Reseller', sortable: true, sortKey: 'reseller', width: 130 },
];

const bundleColumns: Column<BundleRow>[] = [
  { key: 'name', header: 'Bundelnaam', sortable: true, width: 260, render: (row) => <Link to="/bundle/$id" params={{ id: String(row.id) }}>{row.name}</Link> },
  { key: 'products_count', header: 'Aantal artikelen', sortable: true, width: 140, align: 'right' },
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 220 },
  { key: 'reseller_name', header: 'Reseller', sortable: true, sortKey: 'reseller', width: 220 },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'bundleDetail' } },
];

export function StockPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: string };
  const tab: Tab = search.tab === 'bundels' ? 'bundels' : 'artikelen';
  const [modal, setModal] = useState<'create' | 'import' | 'bundle' | null>(null);
  const lastParams = useRef<TableParams | null>(null);
  const customers = useEndCustomers();
  const resellers = useResellers(user.clientTypeId === ClientType.PROVIDER);
  const groups = useProductGroups();

  useEvent('stock:create', useCallback(() => setModal('create'), []));
  useEvent('stock:import', useCallback(() => setModal('import'), []));
  const [bulkCallOff, setBulkCallOff] = useState(false);
  useEvent('stock:bulk-call-off', useCallback(() => setBulkCallOff(true), []));
  useEvent('stock:export', useCallback(() => {
    const params = lastParams.current;
    const query = params ? toSearchParams(params) : {};
    delete query.page;
    download('exportstockcsv', { ...query, search: params?.search ?? '' }).catch(() => toastError('Exporteren is mislukt'));
  }, []));

  const fetchProductPage = useCallback((params: TableParams, signal?: AbortSignal) => {
    lastParams.current = params;
    return fetchProducts(params, signal);
  }, []);

  const selectTab = (next: Tab) => void navigate({ to: '/voorraad', search: { tab: next } as never });
  const productFilters = [
    { name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] },
    { name: 'reseller', allLabel: 'Alle resellers', options: resellers.data ?? [] },
    { name: 'product_group', allLabel: 'Alle productgroepen', options: groups.data ?? [] },
  ];

  return (
    <div className="stock-page">
      <div className="tabs" role="tablist" aria-label="Voorraad">
        {(['artikelen', 'bundels'] as const).map((t) => (
          <button key={t} type="button" role="tab" className="tab" aria-selected={tab === t} onClick={() => selectTab(t)}>
            {t === 'artikelen' ? 'Artikelen' : 'Bundels'}
          </button>
        ))}
      </div>
      {tab === 'artikelen' ? (
        <div className="panel">
          <DataTable<ProductRow>
            key="products"
            label="Artikelen"
            queryKey={queryKeys.stock.products}
            fetchPage={fetchProductPage}
            columns={productColumns}
            filters={productFilters}
            searchPlaceholder="Zoek product, klant, serie- of ordernr."
            urlState
          />
        </div>
      ) : (
        <div className="panel">
          <DataTable<BundleRow>
            key="bundles"
            label="Bundels"
            queryKey={queryKeys.stock.bundles}
            fetchPage={fetchBundles}
            columns={bundleColumns}
            filters={[{ name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] }]}
            searchPlaceholder="Zoek op bundel, eindklant of reseller"
            urlState="b"
            toolbar={user.can('Bundel wijzigen') ? (
              <button type="button" className="button button-primary button-small" onClick={() => setModal('bundle')}>Bundel aanmaken</button>
            ) : undefined}
          />
        </div>
      )}
      {modal === 'create' && <ProductFormModal onClose={() => setModal(null)} onSaved={(p) => void navigate({ to: '/voorraad/$id', params: { id: String(p.id) } })} />}
      {modal === 'import' && <ImportStockModal onClose={() => setModal(null)} />}
      {modal === 'bundle' && <BundleCreateModal onClose={() => setModal(null)} onSaved={(id) => void navigate({ to: '/bundle/$id', params: { id: String(id) } })} />}
      <Slot<DeliveryRequestSlotProps> name="delivery-request" props={{ request: bulkCallOff ? { type: DeliveryType.BULK_LEVERING, clientId: null } : null, onClose: () => setBulkCallOff(false) }} />
    </div>
  );
}
