import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { ClientType } from '../../../domain/enums';
import { DataTable, type Column } from '../../../ui/DataTable';
import type { CustomerPanelProps } from '../../../shell/slots';
import { asnListQueryOptions } from '../api/get-asn-list';
import type { AsnListRow } from '../../../domain/contracts/prenotifications';
import { useSessionUser } from '../../../session';

const columns: Column<AsnListRow>[] = [
  {
    key: 'reference', header: 'Ordernummer', sortable: true, width: 170,
    render: (row) => <Link to="/voormeldingen/$id" params={{ id: row.id }} title="Artikelen van deze voormelding">{row.reference}</Link>,
  },
  { key: 'w_number', header: 'Topdesknummer', sortable: true, width: 150 },
  { key: 'quantity', header: 'Aantal', sortable: true, width: 90, align: 'right' },
  { key: 'expected', header: 'Leverdatum', sortable: true, width: 130, cell: { kind: 'date' } },
  { key: 'created_at', header: 'Aanmelddatum', sortable: true, width: 140, cell: { kind: 'date' } },
  { key: 'id', header: '', width: 110, cell: { kind: 'view', route: 'preNotificationDetail' } },
];

/**
 * 'Voormeldingen' on the customer page (spec 1 §2.9): the open pre-notifications of an end
 * customer, for a viewer who is not an end-customer user. Shown through the 'customer' slot
 * (src/panels.ts); search is off.
 */
export function CustomerPreNotificationsPanel({ client, viewerClientTypeId }: CustomerPanelProps) {
  const { can } = useSessionUser();
  const titleId = useId();
  if (client.client_type_id !== ClientType.EINDKLANT || viewerClientTypeId === ClientType.EINDKLANT || !can('Voormelding bekijken')) return null;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <div className="panel-header"><h2 id={titleId}>Voormeldingen</h2></div>
      <DataTable<AsnListRow>
        label="Voormeldingen"
        searchable={false}
        columns={columns}
        defaults={{ filters: { client: client.id } }}
        query={(params) => asnListQueryOptions('open', params)}
      />
    </section>
  );
}

