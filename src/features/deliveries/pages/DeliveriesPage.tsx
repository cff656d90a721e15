import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { deliveryTypeNames } from '@domain/enums';
import { FIELDWORK_RIGHT } from '@domain/fieldwork';
import type { DeliveryListRow } from '@domain/contracts/deliveries';
import { DataTable, type Column } from '../../../ui/DataTable';
import { useEndCustomers } from '../../../api/lookups';
import { useSessionUser } from '../../../session';
import { TopBarActions } from '../../../shell/top-bar';
import { toastError } from '../../../shell/toast';
import { deliveryListQueryOptions, deliveryTabs, exportDeliveries, type DeliveryTab } from '../api/deliveries';
import '../deliveries.css';

const typeOptions = Object.entries(deliveryTypeNames).map(([id, name]) => ({ id: Number(id), name }));

/**
 * The spec's columns (§2.6), sized to fit a 1280 px screen; the finished tab adds 'Afgerond op',
 * first, as it is the column that list is sorted by.
 */
function columnsFor(tab: DeliveryTab): Column<DeliveryListRow>[] {
  const finished: Column<DeliveryListRow>[] =
    tab === 'finished'
      ? [{ key: 'completed_at', header: 'Afgerond op', sortable: true, width: 92, cell: { kind: 'date' } }]
      : [];
  // Every column but Adres asks the room of its values (a heading sets its own least width); Adres, the least needed,
  // takes what is left.
  return [
    ...finished,
    { key: 'date', header: 'Datum', sortable: true, width: 92, cell: { kind: 'date' } },
    {
      key: 'order_number',
      header: 'Ordernummer',
      sortable: true,
      whole: true,
      width: 128,
      render: (row) => (
        <Link to="/leveringen/$id" params={{ id: row.id }}>
          {row.order_number || `Levering ${row.id}`}
        </Link>
      ),
    },
    {
      key: 'end_customer_name',
      header: 'Eindklant',
      sortable: true,
      sortKey: 'client',
      width: tab === 'finished' ? 124 : 150,
    },
    { key: 'address', header: 'Adres', sortable: true },
    {
      key: 'type',
      header: 'Type',
      sortable: true,
      width: tab === 'finished' ? 110 : 120,
      value: (row) => row.delivery_type.name,
    },
    { key: 'products_count', header: 'Voorraad', sortable: true, width: 80, align: 'right' },
    { key: 'created_at', header: 'Aanmelddatum', sortable: true, width: 100, cell: { kind: 'date' } },
    { key: 'w_number', header: 'Topdesknummer', sortable: true, width: 110 },
  ];
}

const isTab = (x: unknown): x is DeliveryTab => typeof x === 'string' && x in deliveryTabs;

/** /leveringen: four tabs, client and type filters, load more, export (spec 2 §2.6). */
export function DeliveriesPage() {
  const search = useSearch({ from: '/app/leveringen' }) as Record<string, unknown>;
  const navigate = useNavigate();
  const { can } = useSessionUser();
  const tab: DeliveryTab = isTab(search.tab) ? search.tab : 'open';
  const customers = useEndCustomers();

  const exportList = () => {
    const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : null);
    exportDeliveries(tab, { client: text(search.f_client), type: text(search.f_type), search: text(search.q) }).catch(
      () => toastError('Exporteren is mislukt'),
    );
  };

  return (
    <div className="panel delivery-list">
      <TopBarActions actions={[{ label: 'Levering exporteren', right: 'Levering exporteren', onClick: exportList }]} />
      <div className="delivery-tabs">
        {/* A tab list holds tabs only: the driver's page beside it is a link of its own. */}
        <div className="delivery-tablist" role="tablist" aria-label="Leveringen">
          {(Object.keys(deliveryTabs) as DeliveryTab[]).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              className="delivery-tab"
              aria-selected={t === tab}
              onClick={() => void navigate({ to: '/leveringen', search: { tab: t } })}
            >
              {deliveryTabs[t].label}
            </button>
          ))}
        </div>
        {can(FIELDWORK_RIGHT) && (
          <Link to="/leveringen/vandaag" className="delivery-tab">
            Mijn leveringen vandaag
          </Link>
        )}
      </div>
      <DataTable<DeliveryListRow>
        key={tab}
        label={deliveryTabs[tab].label}
        columns={columnsFor(tab)}
        fit
        query={(params) => deliveryListQueryOptions(tab, params)}
        filters={[
          { name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] },
          { name: 'type', allLabel: 'Alle types', options: typeOptions },
        ]}
        defaults={{ sort: tab === 'finished' ? 'completed_at' : 'date', order: 'desc' }}
        searchPlaceholder="Zoek op ordernummer, Topdesknummer, eindklant of adres"
        mode="loadMore"
        urlState
        loadErrorText="Leveringen kunnen niet worden ingeladen"
        emptyText="Er zijn geen leveringen gevonden"
      />
    </div>
  );
}
