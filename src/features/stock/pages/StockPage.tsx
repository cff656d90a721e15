import { lazy, Suspense, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ClientType, DeliveryType, stockFilterOptions } from '@domain/enums';
import { Slot } from '../../../shell/slots';
import { DataTable, toSearchParams, type Column } from '../../../ui/DataTable';
import { tableParamsOf } from '../../../ui/table/search';
import { TopBarActions } from '../../../shell/top-bar';
import { bundlesQueryOptions } from '../api/bundles';
import { productsQueryOptions } from '../api/products';
import { useEndCustomers, useProductGroups, useResellers } from '../../../api/lookups';
import type { BundleRow, ProductRow } from '@domain/contracts/stock';
import { useSessionUser } from '../../../session';
import * as v from 'valibot';
import { BUNDLE_TABLE, stockSearch, stockTabs, type StockTab } from './search';
import '../stock.css';

const route = getRouteApi('/app/voorraad');

// The forms load when opened: with them the page's code was twice as many files, fetched before the table.
const BundleCreateModal = lazy(() =>
  import('../components/BundleCreateModal').then((m) => ({ default: m.BundleCreateModal })),
);
const ExportStockModal = lazy(() =>
  import('../components/ExportStockModal').then((m) => ({ default: m.ExportStockModal })),
);
const ImportStockModal = lazy(() =>
  import('../components/ImportStockModal').then((m) => ({ default: m.ImportStockModal })),
);
const ProductFormModal = lazy(() =>
  import('../components/ProductFormModal').then((m) => ({ default: m.ProductFormModal })),
);

// The product name links to the article; no separate view column, so the eight spec columns fit at 1280 px. The
// reseller, the user's own company for a reseller's users, gives way first.
const productColumns: Column<ProductRow>[] = [
  {
    key: 'name',
    header: 'Productnaam',
    sortable: true,
    whole: true,
    width: 200,
    render: (row) => (
      <Link to="/voorraad/$id" params={{ id: row.id }}>
        {row.name}
      </Link>
    ),
  },
  { key: 'article_number', header: 'Artikelnr', sortable: true, width: 90 },
  { key: 'items_in_stock', header: 'Voorraad', sortable: true, width: 84, align: 'right' },
  { key: 'available_items', header: 'Op afroep', sortable: true, width: 96, align: 'right' },
  { key: 'items_at_location', header: 'Klantlocatie', sortable: true, width: 100, align: 'right' },
  { key: 'items_in_use', header: 'In gebruik', sortable: true, width: 96, align: 'right' },
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 140 },
  { key: 'reseller_name', header: 'Reseller', sortable: true, sortKey: 'reseller' },
];

const bundleColumns: Column<BundleRow>[] = [
  {
    key: 'name',
    header: 'Bundelnaam',
    sortable: true,
    whole: true,
    width: 260,
    render: (row) => (
      <Link to="/bundle/$id" params={{ id: row.id }}>
        {row.name}
      </Link>
    ),
  },
  { key: 'products_count', header: 'Aantal artikelen', sortable: true, width: 140, align: 'right' },
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 220 },
  { key: 'reseller_name', header: 'Reseller', sortable: true, sortKey: 'reseller', width: 220 },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'bundleDetail' } },
];

export function StockPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const search = route.useSearch({ select: (validated) => v.parse(stockSearch, validated) });
  const { tab } = search;
  const [modal, setModal] = useState<'create' | 'import' | 'bundle' | 'export' | null>(null);
  const customers = useEndCustomers();
  const resellers = useResellers(user.clientTypeId === ClientType.PROVIDER);
  const groups = useProductGroups();
  // A table waits for the lists of its filters (loaded with its first page, src/router.tsx): a filter
  // that appeared after it pushed the table down. A failed list leaves its filter out, as before.
  const productFiltersKnown = !customers.isLoading && !resellers.isLoading && !groups.isLoading;
  const bundleFiltersKnown = !customers.isLoading;

  const [bulkCallOff, setBulkCallOff] = useState(false);
  // The articles as the table shows them: its search, filters and sort.
  const exportQuery = () => {
    const params = tableParamsOf(search);
    const { page: _page, ...query } = toSearchParams(params);
    return { ...query, search: params.search };
  };

  const selectTab = (next: StockTab) => void navigate({ to: '/voorraad', search: { tab: next } });
  const productFilters = [
    { name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] },
    { name: 'reseller', allLabel: 'Alle resellers', options: resellers.data ?? [] },
    { name: 'product_group', allLabel: 'Alle productgroepen', options: groups.data ?? [] },
    { name: 'stock', allLabel: 'Alle voorraad', options: [...stockFilterOptions] },
  ];

  return (
    <div className="stock-page">
      <TopBarActions
        actions={[
          { label: 'Voorraad aanmaken', right: 'Voorraad aanmaken', onClick: () => setModal('create') },
          { label: 'Voorraad importeren', right: 'Voorraad importeren', onClick: () => setModal('import') },
          { label: 'Voorraad exporteren', right: 'Voorraad exporteren', onClick: () => setModal('export') },
          { label: 'Voorraad afroepen', right: 'Bulkafroep aanmaken', onClick: () => setBulkCallOff(true) },
        ]}
      />
      <div className="tabs" role="tablist" aria-label="Voorraad">
        {stockTabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === t}
            onClick={() => selectTab(t)}
          >
            {t === 'artikelen' ? 'Artikelen' : 'Bundels'}
          </button>
        ))}
      </div>
      {tab === 'artikelen' ? (
        <div className="panel">
          {productFiltersKnown && (
            <DataTable<ProductRow>
              key="products"
              label="Artikelen"
              query={productsQueryOptions}
              columns={productColumns}
              fit
              filters={productFilters}
              searchPlaceholder="Zoek product, klant, serie- of ordernr."
              urlState
            />
          )}
        </div>
      ) : (
        <div className="panel">
          {bundleFiltersKnown && (
            <DataTable<BundleRow>
              key="bundles"
              label="Bundels"
              query={bundlesQueryOptions}
              columns={bundleColumns}
              fit
              filters={[{ name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] }]}
              searchPlaceholder="Zoek op bundel, eindklant of reseller"
              urlState={BUNDLE_TABLE}
              toolbar={
                user.can('Bundel wijzigen') ? (
                  <button
                    type="button"
                    className="button button-primary button-small"
                    onClick={() => setModal('bundle')}
                  >
                    Bundel aanmaken
                  </button>
                ) : undefined
              }
            />
          )}
        </div>
      )}
      <Suspense fallback={null}>
        {modal === 'create' && (
          <ProductFormModal
            onClose={() => setModal(null)}
            onSaved={(p) => void navigate({ to: '/voorraad/$id', params: { id: p.id } })}
          />
        )}
        {modal === 'import' && <ImportStockModal onClose={() => setModal(null)} />}
        {modal === 'export' && <ExportStockModal query={exportQuery()} onClose={() => setModal(null)} />}
        {modal === 'bundle' && (
          <BundleCreateModal
            onClose={() => setModal(null)}
            onSaved={(id) => void navigate({ to: '/bundle/$id', params: { id: id } })}
          />
        )}
      </Suspense>
      {/* Rendered (and its code loaded) only once the bulk call-off is opened. */}
      {bulkCallOff && (
        <Slot
          name="delivery-request"
          props={{
            request: { type: DeliveryType.BULK_LEVERING, clientId: null },
            onClose: () => setBulkCallOff(false),
          }}
        />
      )}
    </div>
  );
}
