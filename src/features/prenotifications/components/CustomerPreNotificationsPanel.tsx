import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ClientType } from '@domain/enums';
import { DataTable, type Column } from '../../../ui/DataTable';
import type { CustomerPanelProps } from '../../../shell/slots';
import { asnListQueryOptions } from '../api/get-asn-list';
import { asnDetailQueryOptions } from '../api/get-asn';
import { PreNotificationFormModal } from './PreNotificationFormModal';
import type { AsnListRow } from '@domain/contracts/prenotifications';
import { useSessionUser } from '../../../session';

const columns: Column<AsnListRow>[] = [
  {
    key: 'reference',
    header: 'Ordernummer',
    sortable: true,
    width: 170,
    render: (row) => (
      <Link to="/voormeldingen/$id" params={{ id: row.id }} title="Artikelen van deze voormelding">
        {row.reference}
      </Link>
    ),
  },
  { key: 'w_number', header: 'Topdesknummer', sortable: true, width: 150 },
  { key: 'quantity', header: 'Aantal', sortable: true, width: 90, align: 'right' },
  { key: 'expected', header: 'Leverdatum', sortable: true, width: 130, cell: { kind: 'date' } },
  { key: 'created_at', header: 'Aanmelddatum', sortable: true, width: 140, cell: { kind: 'date' } },
];
const viewColumn: Column<AsnListRow> = {
  key: 'id',
  header: '',
  width: 110,
  cell: { kind: 'view', route: 'preNotificationDetail' },
};

/**
 * 'Voormeldingen' on the customer page (spec 1 §2.9): the open pre-notifications of an end
 * customer, for a viewer who is not an end-customer user. Shown through the 'customer' slot
 * (src/panels.ts); search is off.
 */
export function CustomerPreNotificationsPanel({ client, viewerClientTypeId, onClientChanged }: CustomerPanelProps) {
  const { can } = useSessionUser();
  const shown =
    client.client_type_id === ClientType.EINDKLANT &&
    viewerClientTypeId !== ClientType.EINDKLANT &&
    can('Voormelding bekijken');
  if (!shown) return null;
  return (
    <PreNotificationsPanel
      clientId={client.id}
      canCreate={can('Voormelding aanmaken')}
      canEdit={can('Voormelding wijzigen')}
      onSaved={onClientChanged}
    />
  );
}

/** The pre-notification modals of the customer page: 'Voormelding aanmaken' and a row's 'Wijzigen' (its id). */
type AsnModal = { kind: 'add' } | { kind: 'edit'; asnId: number } | null;

function PreNotificationsPanel({
  clientId,
  canCreate,
  canEdit,
  onSaved,
}: {
  clientId: number;
  canCreate: boolean;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const titleId = useId();
  const [modal, setModal] = useState<AsnModal>(null);
  const close = () => setModal(null);
  const saved = () => {
    close();
    onSaved();
  };
  const withEdit: Column<AsnListRow>[] = canEdit
    ? [
        ...columns,
        {
          key: 'edit',
          header: '',
          width: 110,
          render: (row) => (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Voormelding ${row.reference} wijzigen`}
              onClick={() => setModal({ kind: 'edit', asnId: row.id })}
            >
              Wijzigen
            </button>
          ),
        },
        viewColumn,
      ]
    : [...columns, viewColumn];
  return (
    <section className="panel" aria-labelledby={titleId}>
      <div className="panel-header">
        <h2 id={titleId}>Voormeldingen</h2>
        {canCreate && (
          <div className="panel-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setModal({ kind: 'add' })}
            >
              Voormelding aanmaken
            </button>
          </div>
        )}
      </div>
      <DataTable<AsnListRow>
        label="Voormeldingen"
        searchable={false}
        columns={withEdit}
        defaults={{ filters: { client: clientId } }}
        query={(params) => asnListQueryOptions('open', params)}
      />
      {modal?.kind === 'add' && <PreNotificationFormModal clientId={clientId} onClose={close} onSaved={saved} />}
      {modal?.kind === 'edit' && <EditPreNotification asnId={modal.asnId} onClose={close} onSaved={saved} />}
    </section>
  );
}

/** 'Voormelding wijzigen' of a row: the full pre-notification first, then the list page's own form. */
function EditPreNotification({ asnId, onClose, onSaved }: { asnId: number; onClose: () => void; onSaved: () => void }) {
  const { data: asn } = useQuery(asnDetailQueryOptions(asnId));
  return asn ? <PreNotificationFormModal asn={asn} onClose={onClose} onSaved={onSaved} /> : null;
}
