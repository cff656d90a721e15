import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { download } from '../../../api/client';
import { DataTable, type Column } from '../../../ui/DataTable';
import { useEvent } from '../../../shell/events';
import { toastError } from '../../../shell/toast';
import { asnListQueryOptions, type AsnTab } from '../api/asns';
import { useEndCustomers } from '../../../api/lookups';
import type { AsnListRow } from '../api/types';
import { PreNotificationFormModal } from '../components/PreNotificationFormModal';
import '../prenotifications.css';

const tabLabels: Record<AsnTab, string> = { open: 'Voormeldingen', archive: 'Afgeronde voormeldingen' };

/** The order number links to the products page (spec 2 §2.4); 'Bekijken' opens the detail. */
const columns: Column<AsnListRow>[] = [
  { key: 'client_name', header: 'Eindklant', sortable: true, sortKey: 'client', width: 150 },
  { key: 'w_number', header: 'Topdesknummer', sortable: true, width: 115 },
  {
    key: 'reference', header: 'Ordernummer', sortable: true, width: 135,
    render: (row) => <Link to="/voormeldingen/$id" params={{ id: String(row.id) }} title="Artikelen van deze voormelding">{row.reference}</Link>,
  },
  { key: 'quantity', header: 'Aantal', sortable: true, width: 75, align: 'right' },
  { key: 'expected', header: 'Leverdatum', sortable: true, width: 108, cell: { kind: 'date' } },
  { key: 'created_at', header: 'Aanmelddatum', sortable: true, width: 120, cell: { kind: 'date' } },
  {
    key: 'id', header: '', width: 100,
    render: (row) => <Link to="/voormelding/$id" params={{ id: String(row.id) }} className="button button-secondary button-small">Bekijken</Link>,
  },
];

/** /voormeldingen: open ones and the archive (load more), client filter, export, new (spec 2 §2.4). */
export function PreNotificationListPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const tab: AsnTab = search.tab === 'archive' ? 'archive' : 'open';
  const [creating, setCreating] = useState(false);
  const customers = useEndCustomers();

  useEvent('prenotification:create', useCallback(() => setCreating(true), []));
  useEvent('prenotification:export', useCallback(() => {
    const client = search.f_client ?? null;
    download('exportasnproductscsv', { tab, 'filters[client]': client as string | null, search: (search.q as string | undefined) ?? null })
      .catch(() => toastError('Exporteren is mislukt'));
  }, [search, tab]));

  return (
    <div className="panel pn-list">
      <div className="pn-tabs" role="tablist" aria-label="Voormeldingen">
        {(['open', 'archive'] as const).map((t) => (
          <button key={t} type="button" role="tab" className="pn-tab" aria-selected={t === tab}
            onClick={() => void navigate({ to: '/voormeldingen', search: { tab: t } as never })}>{tabLabels[t]}</button>
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
          onSaved={(asn) => { setCreating(false); void navigate({ to: '/voormelding/$id', params: { id: String(asn.id) } }); }}
        />
      )}
    </div>
  );
}
