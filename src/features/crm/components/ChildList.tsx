import type { ClientDetail, ClientListRow } from '@domain/contracts/clients';
import { ClientType } from '@domain/enums';
import { DataTable, type Column } from '../../../ui/DataTable';
import { clientListQueryOptions } from '../api/client-lists';

/** 'Eindklanten' of a reseller, 'Eindgebruikers' of an end customer. */
export function ChildList({
  client,
  childType,
  canCreate,
  onCreate,
}: {
  client: ClientDetail;
  childType: number;
  canCreate: boolean;
  onCreate: () => void;
}) {
  const tab = childType === ClientType.EINDKLANT ? 'endcustomers' : 'endusers';
  const title = childType === ClientType.EINDKLANT ? 'Eindklanten' : 'Eindgebruikers';
  const columns: Column<ClientListRow>[] = [
    { key: 'name', header: 'Naam', sortable: true, width: 260 },
    { key: 'location', header: 'Locatie', sortable: true, width: 300 },
    ...(childType === ClientType.EINDGEBRUIKER
      ? [{ key: 'contact_name', header: 'Contactpersoon', sortable: true, sortKey: 'contact', width: 200 }]
      : []),
    { key: 'id', header: '', cell: { kind: 'view', route: 'customerDetail' }, width: 110 },
  ];
  return (
    <section className="panel" aria-labelledby="children-title">
      <div className="panel-header">
        <h2 id="children-title">{title}</h2>
        {canCreate && (
          <button type="button" className="button button-secondary button-small" onClick={onCreate}>
            {childType === ClientType.EINDKLANT ? 'Nieuwe eindklant' : 'Nieuwe eindgebruiker'}
          </button>
        )}
      </div>
      <DataTable<ClientListRow>
        key={client.id}
        label={title}
        columns={columns}
        defaults={{ filters: { parent_client_id: client.id } }}
        query={(params) => clientListQueryOptions(tab, params)}
        mode="loadMore"
      />
    </section>
  );
}
