import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ClientType, DeliveryType, PROVIDER_CLIENT_ID, clientTypeName } from '@domain/enums';
import { SplitButton } from '../../../ui/SplitButton';
import { formatDate, formatEuro, initials } from '@domain/format';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { showToast } from '../../../shell/toast';
import { clientQueryOptions } from '../api/get-client';
import { useDeleteAddress, useDeleteClient } from '../api/mutations';
import type { Address, ClientDetail } from '@domain/contracts/clients';
import { ActivityTimeline } from '../components/ActivityTimeline';
import { formatAddress } from '../components/AddressList';
import { ChildList } from '../components/ChildList';
import { ContactList } from '../components/ContactList';
import { contactNoun } from '../components/ContactFormModal';
import { CustomerModals, type CustomerModal } from '../components/CustomerModals';
import { LocationsPanel } from '../components/LocationsPanel';
import { logoUrl } from '../api/logo';
import { StockPanelsSlot } from '../components/StockPanelsSlot';
import { useSessionUser } from '../../../session';
import '../crm.css';

const route = getRouteApi('/app/klant/$id');

/** The ticket menu of an end user (spec 1 §2.9): delivery type ids and their entries. */
const TICKETS: { typeId: number; label: string }[] = [
  { typeId: DeliveryType.UITDIENST, label: 'Uitdienst' },
  { typeId: DeliveryType.REPARATIE, label: 'Reparatie' },
  { typeId: DeliveryType.EOL_SWAP, label: 'EOL Swap' },
  { typeId: DeliveryType.EXTRA_PRODUCTEN, label: 'Extra producten' },
];

/** The add-contact button shows on provider, reseller and end-customer clients (spec 1 §2.9). */
const CONTACT_CLIENT_TYPES: number[] = [ClientType.PROVIDER, ClientType.RESELLER, ClientType.EINDKLANT];

export { NEWEST_ADDRESSES } from '../components/LocationsPanel';

export function CustomerDetailPage() {
  const { id } = route.useParams();
  // The route's loader fetched it (src/router.tsx); load failures show the route's notice.
  const { data: client, refetch } = useSuspenseQuery(clientQueryOptions(id));
  usePageTitle(client.name);
  return <CustomerDetail client={client} refresh={() => void refetch()} />;
}

function CustomerDetail({ client, refresh }: { client: ClientDetail; refresh: () => void }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [modal, setModal] = useState<CustomerModal>(null);
  const deleteClient = useDeleteClient();
  const deleteAddress = useDeleteAddress();
  const close = () => setModal(null);
  const isEndCustomerViewer = user.clientTypeId === ClientType.EINDKLANT;
  const canEdit = user.can('Klant wijzigen') && !isEndCustomerViewer;
  const canDelete = user.can('Klant verwijderen') && client.id !== user.clientId;
  // 'Klant wijzigen' shows contact edit and delete (spec 1 §6), like Edit not for end-customer users (§2.9);
  // adding only on provider, reseller and end-customer clients.
  const canEditContacts = canEdit;
  const canAddContact = canEditContacts && CONTACT_CLIENT_TYPES.includes(client.client_type_id);
  const noun = contactNoun(client.id);
  const logo = logoUrl(client);

  const canInvoice = user.can('Factuur beheren') && client.client_type_id === ClientType.EINDKLANT;
  const canTicket =
    client.client_type_id === ClientType.EINDGEBRUIKER && user.can('Levering aanmaken') && user.can('Klant wijzigen');
  const removeClient = async () => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je ${client.name} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    deleteClient.mutate(client.id, {
      onSuccess: async () => {
        showToast('Gelukt', 'De klant is verwijderd');
        await navigate({ to: '/crm' });
      },
    });
  };
  const removeAddress = async (address: Address) => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je het adres ${formatAddress(address)} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    deleteAddress.mutate(address.id, { onSuccess: () => showToast('Gelukt', 'Het adres is verwijderd') });
  };
  const onEditAddress = user.can('Adres wijzigen')
    ? (a: Address) => setModal({ kind: 'address', address: a })
    : undefined;
  const onDeleteAddress = user.can('Adres verwijderen') ? removeAddress : undefined;
  // 'Eindklanten' on a reseller; 'Eindgebruikers' on an end customer viewed by a non-end-customer (spec 1 §2.9).
  const childType =
    client.client_type_id === ClientType.RESELLER
      ? ClientType.EINDKLANT
      : client.client_type_id === ClientType.EINDKLANT && !isEndCustomerViewer
        ? ClientType.EINDGEBRUIKER
        : null;

  return (
    <div className="customer-page">
      <div className="customer-grid">
        <section className="panel" aria-labelledby="customer-name">
          <div className="panel-header">
            <div className="customer-header-name">
              {logo ? (
                <img className="customer-logo" src={logo} alt={`Logo van ${client.name}`} />
              ) : (
                <span className="customer-avatar" aria-hidden>
                  {initials(client.name)}
                </span>
              )}
              <div>
                <h2 id="customer-name">{client.name}</h2>
                <span className="type-badge">{clientTypeName(client.client_type_id)}</span>
              </div>
            </div>
            <div className="panel-actions">
              {canTicket && (
                <div className="ticket-menu">
                  <SplitButton
                    actions={[
                      {
                        label: 'Ticket aanmelden',
                        onClick: () => document.querySelector<HTMLButtonElement>('.ticket-menu .split-toggle')?.click(),
                      },
                      ...TICKETS.map((t) => ({
                        label: t.label,
                        onClick: () => setModal({ kind: 'ticket', typeId: t.typeId }),
                      })),
                    ]}
                  />
                </div>
              )}
              {canEdit && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setModal({ kind: 'edit' })}
                >
                  Wijzigen
                </button>
              )}
              {canInvoice && (
                <>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => setModal({ kind: 'monthly' })}
                  >
                    Vaste bedragen
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => setModal({ kind: 'invoice' })}
                  >
                    Factuur genereren
                  </button>
                </>
              )}
              {canDelete && (
                <button type="button" className="button button-danger button-small" onClick={removeClient}>
                  Verwijderen
                </button>
              )}
            </div>
          </div>
          <dl className="facts">
            <div>
              <dt>Aangemaakt op</dt>
              <dd>{formatDate(client.created_at)}</dd>
            </div>
            <div>
              <dt>Bezoekadres</dt>
              <dd>{client.visiting_address ? formatAddress(client.visiting_address) : '—'}</dd>
            </div>
            {client.parent && (
              <div>
                <dt>{clientTypeName(client.parent.client_type_id)}</dt>
                <dd>{client.parent.name}</dd>
              </div>
            )}
            {client.client_type_id === ClientType.EINDKLANT && client.invoice_reference && (
              <div>
                <dt>Factuurreferentie</dt>
                <dd>{client.invoice_reference}</dd>
              </div>
            )}
          </dl>
          <div className="contacts-header">
            <h3 className="form-section-title" id="contacts-title">
              {client.id === PROVIDER_CLIENT_ID ? 'Medewerkers' : 'Contactpersonen'}
            </h3>
            {canAddContact && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setModal({ kind: 'contact' })}
              >
                {noun} toevoegen
              </button>
            )}
          </div>
          <ContactList
            client={client}
            onEdit={canEditContacts ? (c) => setModal({ kind: 'contact', contact: c }) : undefined}
          />
          {client.monthly_payments.length > 0 && user.can('Factuur beheren') && (
            <>
              <h3 className="form-section-title" style={{ margin: '1.25rem 0 0.5rem' }}>
                Vaste bedragen
              </h3>
              <ul className="contact-list">
                {client.monthly_payments.map((m) => (
                  <li key={m.id}>
                    {m.description}: {formatEuro(m.price_cents)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <LocationsPanel
          addresses={client.addresses}
          onAdd={user.can('Adres aanmaken') ? () => setModal({ kind: 'address' }) : undefined}
          onImport={user.can('Adres aanmaken') ? () => setModal({ kind: 'import' }) : undefined}
          onShowAll={() => setModal({ kind: 'addresses' })}
          onEdit={onEditAddress}
          onDelete={onDeleteAddress}
        />
      </div>

      {client.client_type_id === ClientType.EINDGEBRUIKER && <ActivityTimeline clientId={client.id} />}

      <StockPanelsSlot client={client} viewerClientTypeId={user.clientTypeId} onClientChanged={refresh} />

      {childType && (
        <ChildList
          client={client}
          childType={childType}
          canCreate={user.can('Klant aanmaken')}
          onCreate={() => setModal({ kind: 'child', typeId: childType })}
        />
      )}

      <CustomerModals
        modal={modal}
        client={client}
        close={close}
        canListRoles={user.can('Rol bekijken')}
        onEditAddress={onEditAddress}
        onDeleteAddress={onDeleteAddress}
      />
    </div>
  );
}
