import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getJson, type Paged } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { useEndCustomers } from '../../api/lookups';
import { DataTable, toSearchParams, type TableParams } from '../DataTable';
import { DatePicker } from '../DatePicker';
import { SearchSelect } from '../SearchSelect';
import { SignaturePad } from '../SignaturePad';
import type { ClientListRow } from '@domain/contracts/clients';

/**
 * The UI kit on one page (route /ui-kit): a reference for feature authors and the surface the
 * browser tests (tests/e2e/ui-kit.spec.ts) drive. Real data from the customer list endpoint.
 */
interface PriceRow {
  id: number;
  name: string;
  price: number;
  active: boolean;
}

const fetchClients = (params: TableParams) =>
  getJson<Paged<ClientListRow>>('client-list', { searchParams: toSearchParams(params, 10) });

const typeOptions = [
  { id: 2, name: 'Reseller' },
  { id: 3, name: 'Eindklant' },
  { id: 4, name: 'Eindgebruiker' },
];

// A local 'server' for the price and activation cells.
let prices: PriceRow[] = [
  { id: 1, name: 'Laptop 14 inch', price: 4250, active: true },
  { id: 2, name: 'Docking station', price: 1500, active: false },
  { id: 3, name: 'Monitor 27 inch', price: 2199, active: true },
];
const fetchPrices = async (): Promise<Paged<PriceRow>> => ({
  data: prices,
  current_page: 1,
  last_page: 1,
  per_page: 25,
  total: prices.length,
  links: [],
});

export function UiKitPage() {
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<number | null>(null);
  const [future, setFuture] = useState('');
  const [history, setHistory] = useState('');
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const endCustomers = useEndCustomers();

  const refreshPrices = () => queryClient.invalidateQueries({ queryKey: queryKeys.uiKit.prices });
  return (
    <div className="ui-kit">
      <section className="panel" aria-labelledby="kit-clients">
        <h2 id="kit-clients">Klanten (pagina's)</h2>
        <p className="muted">{selected.length} geselecteerd</p>
        <DataTable<ClientListRow>
          label="Klanten"
          urlState
          queryKey={queryKeys.uiKit.clients}
          fetchPage={fetchClients}
          selected={selected}
          onSelectedChange={setSelected}
          filters={[
            { name: 'client_type_id', allLabel: 'Alle typen', options: typeOptions },
            { name: 'parent', allLabel: 'Alle resellers', options: [{ id: 1, name: 'Reuzado B.V.' }] },
          ]}
          columns={[
            { key: 'select', header: 'Selectie', cell: { kind: 'checkbox' } },
            { key: 'name', header: 'Naam', sortable: true, width: 260 },
            { key: 'type_name', header: 'Rol', sortable: true, sortKey: 'type' },
            { key: 'city', header: 'Plaats', sortable: true },
            { key: 'parent_name', header: 'Reseller / eindklant', sortable: true, sortKey: 'parent' },
            { key: 'created_at', header: 'Aangemaakt', sortable: true, cell: { kind: 'date' } },
            { key: 'view', header: '', cell: { kind: 'view', route: 'customerDetail' } },
          ]}
        />
      </section>

      <section className="panel" aria-labelledby="kit-more">
        <h2 id="kit-more">Eindgebruikers (laad meer)</h2>
        <DataTable<ClientListRow>
          label="Eindgebruikers"
          mode="loadMore"
          searchable={false}
          queryKey={queryKeys.uiKit.endUsers}
          fetchPage={(params) => getJson<Paged<ClientListRow>>('endusers', { searchParams: toSearchParams(params, 5) })}
          columns={[
            { key: 'name', header: 'Naam', sortable: true },
            { key: 'created_at', header: 'Aangemaakt op', cell: { kind: 'dateTime' } },
            { key: 'created_at_time', header: 'Tijd', value: (r) => r.created_at, cell: { kind: 'time' } },
          ]}
        />
      </section>

      <section className="panel" aria-labelledby="kit-prices">
        <h2 id="kit-prices">Tarieven</h2>
        <DataTable<PriceRow>
          label="Tarieven"
          searchable={false}
          queryKey={queryKeys.uiKit.prices}
          fetchPage={fetchPrices}
          columns={[
            { key: 'name', header: 'Product' },
            { key: 'price', header: 'Prijs', cell: { kind: 'price' }, align: 'right' },
            {
              key: 'edit',
              header: 'Tarief',
              value: (r) => r.price,
              cell: {
                kind: 'editPrice',
                onSave: async (row, cents) => {
                  prices = prices.map((p) => (p.id === row.id ? { ...p, price: cents } : p));
                  await refreshPrices();
                },
              },
            },
            {
              key: 'activate',
              header: '',
              cell: {
                kind: 'activate',
                isActive: (r) => r.active,
                onActivate: async (row) => {
                  prices = prices.map((p) => (p.id === row.id ? { ...p, active: true } : p));
                  await refreshPrices();
                },
              },
            },
          ]}
        />
      </section>

      <section className="panel form" aria-labelledby="kit-fields">
        <h2 id="kit-fields">Velden</h2>
        <div className="field">
          <label htmlFor="kit-customer">Eindklant</label>
          <SearchSelect
            id="kit-customer"
            options={endCustomers.data ?? []}
            value={customer}
            onChange={(id) => setCustomer(id)}
            placeholder="Kies een eindklant"
          />
          <span className="muted" data-testid="kit-customer-value">
            {customer ?? 'geen'}
          </span>
        </div>
        <div className="field">
          <label htmlFor="kit-future">Leverdatum</label>
          <DatePicker id="kit-future" type="future" value={future} onChange={setFuture} />
          <span className="muted" data-testid="kit-future-value">
            {future || 'leeg'}
          </span>
        </div>
        <div className="field">
          <label htmlFor="kit-history">Uitdienstdatum</label>
          <DatePicker id="kit-history" type="history" value={history} onChange={setHistory} />
          <span className="muted" data-testid="kit-history-value">
            {history || 'leeg'}
          </span>
        </div>
      </section>

      <KitSignature />
    </div>
  );
}

/** The signature pad with what it gives: the PNG's size in bytes. */
function KitSignature() {
  const [png, setPng] = useState<string | null>(null);
  const bytes = png ? Math.floor(((png.length - 'data:image/png;base64,'.length) * 3) / 4) : 0;
  return (
    <section className="panel" aria-labelledby="kit-signature">
      <h2 id="kit-signature">Handtekening</h2>
      <SignaturePad onChange={setPng} />
      <span className="muted" data-testid="kit-signature-value">
        {png ? `PNG ${bytes} bytes` : 'leeg'}
      </span>
    </section>
  );
}
