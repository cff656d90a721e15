import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { download } from '../../../api/client';
import { DataTable, toSearchParams, type Column } from '../../../ui/DataTable';
import { tableParamsOf } from '../../../ui/table/search';
import { TopBarActions } from '../../../shell/top-bar';
import { toastError } from '../../../shell/toast';
import { clientListQueryOptions } from '../api/client-lists';
import { useParentOptions } from '../api/parent-options';
import type { ClientListRow } from '@domain/contracts/clients';
import { CustomerFormModal } from '../components/CustomerFormModal';
import { useSessionUser } from '../../../session';
import * as v from 'valibot';
import { customerListSearch, tabFor, tabsFor, type CustomerTab } from './search';
import '../crm.css';

const route = getRouteApi('/app/crm');

const tabLabels: Record<CustomerTab, string> = {
  resellers: 'Resellers',
  endcustomers: 'Eindklanten',
  endusers: 'Eindgebruikers',
  all: 'Alle',
};

function columnsFor(tab: CustomerTab): Column<ClientListRow>[] {
  const parentHeader = tab === 'endusers' ? 'Eindklant' : tab === 'endcustomers' ? 'Reseller' : 'Bovenliggende klant';
  return [
    { key: 'name', header: 'Naam', sortable: true, width: 260 },
    { key: 'type_name', header: 'Rol', sortable: true, sortKey: 'type', width: 130 },
    { key: 'location', header: 'Locatie', sortable: true, width: 280 },
    ...(tab === 'resellers'
      ? []
      : [{ key: 'parent_name', header: parentHeader, sortable: true, sortKey: 'parent', width: 220 }]),
    ...(tab === 'endusers' || tab === 'all'
      ? [{ key: 'contact_name', header: 'Contactpersoon', sortable: true, sortKey: 'contact', width: 180 }]
      : []),
    { key: 'id', header: '', cell: { kind: 'view', route: 'customerDetail' }, width: 110 },
  ];
}

export function CustomerListPage() {
  const user = useSessionUser();
  const tabs = tabsFor(user.clientTypeId);
  const search = route.useSearch({ select: (validated) => v.parse(customerListSearch, validated) });
  const navigate = useNavigate();
  const tab = tabFor(user.clientTypeId, search.tab);
  const [creating, setCreating] = useState(false);

  const exportList = () => {
    const params = tableParamsOf(search);
    const { page: _page, ...query } = toSearchParams(params);
    const filters = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v]));
    download('exportcrmcsv', { ...filters, search: params.search, tab }).catch(() =>
      toastError('Het exporteren is mislukt'),
    );
  };

  // Filter by parent: resellers on the end-customer tab, end customers on the end-user tab (shown with more than 2
  // options).
  const { resellers, endCustomers } = useParentOptions(true);
  const filters =
    tab === 'endcustomers'
      ? [{ name: 'parent_client_id', allLabel: 'Alle resellers', options: resellers }]
      : tab === 'endusers'
        ? [{ name: 'parent_client_id', allLabel: 'Alle eindklanten', options: endCustomers }]
        : [];

  const selectTab = (next: CustomerTab) => void navigate({ to: '/crm', search: { tab: next } });

  return (
    <div className="panel">
      <TopBarActions
        actions={[
          { label: 'Nieuwe klant', right: 'Klant aanmaken', onClick: () => setCreating(true) },
          { label: 'Exporteren', right: 'Klant exporteren', onClick: exportList },
        ]}
      />
      <div className="tabs" role="tablist" aria-label="Klanttypen">
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t === tab}
            onClick={() => selectTab(t)}
          >
            {tabLabels[t]}
          </button>
        ))}
      </div>
      <DataTable<ClientListRow>
        key={tab}
        label={tabLabels[tab]}
        loadErrorText="Klanten kunnen niet worden ingeladen"
        columns={columnsFor(tab)}
        filters={filters}
        query={(params) => clientListQueryOptions(tab, params)}
        searchPlaceholder="Zoek op naam, plaats of contactpersoon"
        urlState
      />
      {creating && (
        <CustomerFormModal
          onClose={() => setCreating(false)}
          onSaved={(client) => {
            setCreating(false);
            void navigate({ to: '/klant/$id', params: { id: client.id } });
          }}
        />
      )}
    </div>
  );
}
