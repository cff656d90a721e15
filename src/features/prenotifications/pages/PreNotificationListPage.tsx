import { useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { download } from '../../../api/client';
import { DataTable, type Column } from '../../../ui/DataTable';
import { TopBarActions } from '../../../shell/top-bar';
import { toastError } from '../../../shell/toast';
import { asnListQueryOptions } from '../api/get-asn-list';
import { useEndCustomers } from '../../../api/lookups';
import type { AsnListRow } from '@domain/contracts/prenotifications';
import { PreNotificationFormModal } from '../components/PreNotificationFormModal';
import * as v from 'valibot';
import { asnTabs, preNotificationListSearch, type AsnTab } from './search';
import '../prenotifications.css';

const route = getRouteApi('/app/voormeldingen');

const tabLabels: Record<AsnTab, string> = { open: 'Voormeldingen', archive: 'Afgeronde voormeldingen' };

/** The order number links to the products page (spec 2 §2.4); 'Bekijken' opens the detail. */
const columns: Column<AsnListRow>[] = [
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 150 },
  { key: 'w_number', header: 'Topdesknummer', sortable: true, width: 115 },
  {
    key: 'reference',
    header: 'Ordernummer',
    sortable: true,
    width: 135,
    render: (row) => (
      <Link to="/voormeldingen/$id" params={{ id: row.id }} title="Artikelen van deze voormelding">
        {row.reference}
      </Link>
    ),
  },
  { key: 'quantity', header: 'Aantal', sortable: true, width: 75, align: 'right' },
  { key: 'expected', header: 'Leverdatum', sortable: true, width: 108, cell: { kind: 'date' } },
  { key: 'created_at', header: 'Aanmelddatum', sortable: true, width: 120, cell: { kind: 'date' } },
  {
    key: 'id',
    header: '',
    width: 100,
    render: (row) => (
      <Link to="/voormelding/$id" params={{ id: row.id }} className="button button-secondary button-small">
        Bekijken
      </Link>
    ),
  },
];

/** /voormeldingen: open ones and the archive (load more), client filter, export, new (spec 2 §2.4). */
export function PreNotificationListPage() {
  const search = route.useSearch({ select: (validated) => v.parse(preNotificationListSearch, validated) });
  const navigate = useNavigate();
  const { tab } = search;
  const [creating, setCreating] = useState(false);
  const customers = useEndCustomers();

  const exportList = () => {
    const client = search.f_client ?? null;
    download('exportasnproductscsv', { tab, 'filters[client]': client, search: search.q ?? null }).catch(() =>
      toastError('Exporteren is mislukt'),
    );
  };

  return (
    <div className="panel pn-list">
      <TopBarActions
        actions={[
          { label: 'Voormelding aanmaken', right: 'Voormelding aanmaken', onClick: () => setCreating(true) },
          { label: 'Voormelding exporteren', right: 'Voormelding exporteren', onClick: exportList },
        ]}
      />
      <div className="pn-tabs" role="tablist" aria-label="Voormeldingen">
        {asnTabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            className="pn-tab"
            aria-selected={t === tab}
            onClick={() => void navigate({ to: '/voormeldingen', search: { tab: t } })}
          >
            {tabLabels[t]}
          </button>
        ))}
      </div>
      <DataTable<AsnListRow>
        key={tab}
        label={tabLabels[tab]}
        columns={columns}
        query={(params) => asnListQueryOptions(tab, params)}
        filters={[{ name: 'client', allLabel: 'Alle eindklanten', options: customers.data ?? [] }]}
        searchPlaceholder="Zoek op ordernummer, Topdesknummer of eindklant"
        mode={tab === 'archive' ? 'loadMore' : 'pages'}
        urlState
        loadErrorText="Voormeldinggegevens kunnen niet worden ingeladen"
        emptyText={tab === 'open' ? 'Er zijn geen open voormeldingen' : 'Er zijn geen afgeronde voormeldingen'}
      />
      {creating && (
        <PreNotificationFormModal
          onClose={() => setCreating(false)}
          onSaved={(asn) => {
            setCreating(false);
            void navigate({ to: '/voormelding/$id', params: { id: asn.id } });
          }}
        />
      )}
    </div>
  );
}
