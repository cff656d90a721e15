import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ClientType, DeliveryType, PROVIDER_CLIENT_ID, clientTypeName } from '@domain/enums';
import { SplitButton } from '../../../ui/SplitButton';
import { formatDate, formatEuro, initials } from '@domain/format';
import { DataTable, type Column } from '../../../ui/DataTable';
import { confirmDialog } from '../../../shell/confirm';
import { Slot } from '../../../shell/slots';
import { usePageTitle } from '../../../shell/page-title';
import { showToast } from '../../../shell/toast';
import { clientQueryOptions } from '../api/get-client';
import { clientListQueryOptions } from '../api/client-lists';
import { useDeleteAddress, useDeleteClient } from '../api/mutations';
import { useDeleteContact } from '../api/contacts';
import type { Address, ClientDetail, ClientListRow, Contact } from '@domain/contracts/clients';
import { ActivityTimeline } from '../components/ActivityTimeline';
import { AddressFormModal } from '../components/AddressFormModal';
import { AddressLine, formatAddress } from '../components/AddressList';
import { AllAddressesModal } from '../components/AllAddressesModal';
import { ContactFormModal, contactNoun } from '../components/ContactFormModal';
import { CustomerFormModal } from '../components/CustomerFormModal';
import { ImportAddressesModal } from '../components/ImportAddressesModal';
import { MonthlyPaymentsModal } from '../components/MonthlyPaymentsModal';
import { InvoiceModal } from '../components/InvoiceModal';
import { logoUrl } from '../api/logo';
import { StockPanelsSlot } from '../components/StockPanelsSlot';
import { useSessionUser } from '../../../session';
import '../crm.css';

const route = getRouteApi('/app/klant/$id');

type ModalState =
  | { kind: 'edit' }
  | { kind: 'address'; address?: Address }
  | { kind: 'addresses' }
  | { kind: 'import' }
  | { kind: 'monthly' }
  | { kind: 'child'; typeId: number }
  | { kind: 'contact'; contact?: Contact }
  | { kind: 'ticket'; typeId: number }
  | { kind: 'invoice' }
  | null;

/** The ticket menu of an end user (spec 1 §2.9): delivery type ids and their entries. */
const TICKETS: { typeId: number; label: string }[] = [
  { typeId: DeliveryType.UITDIENST, label: 'Uitdienst' },
  { typeId: DeliveryType.REPARATIE, label: 'Reparatie' },
  { typeId: DeliveryType.EOL_SWAP, label: 'EOL Swap' },
  { typeId: DeliveryType.EXTRA_PRODUCTEN, label: 'Extra producten' },
];

/** The add-contact button shows on provider, reseller and end-customer clients (spec 1 §2.9). */
const CONTACT_CLIENT_TYPES: number[] = [ClientType.PROVIDER, ClientType.RESELLER, ClientType.EINDKLANT];

export const NEWEST_ADDRESSES = 3;

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
  const [modal, setModal] = useState<ModalState>(null);
  const deleteClient = useDeleteClient();
  const deleteAddress = useDeleteAddress();
  const deleteContact = useDeleteContact();
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
  const removeContact = async (contact: Contact) => {
    const name = `${contact.first_name} ${contact.last_name}`;
    const text = contact.has_account
      ? `Weet je zeker dat je ${name} wilt verwijderen? Het account van deze persoon wordt ook verwijderd.`
      : `Weet je zeker dat je ${name} wilt verwijderen?`;
    if (!(await confirmDialog({ text, confirmLabel: 'Verwijderen', danger: true }))) return;
    deleteContact.mutate(contact.id, { onSuccess: () => showToast('Gelukt', 'De contactpersoon is verwijderd') });
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
          {client.contacts.length === 0 ? (
            <p className="muted">Er is geen data gevonden</p>
          ) : (
            <ul className="contact-grid" aria-labelledby="contacts-title">
              {client.contacts.map((c) => (
                <li key={c.id} aria-label={`${c.first_name} ${c.last_name}`}>
                  <strong>
                    {c.first_name} {c.last_name}
                    {c.id === client.primary_contact_id ? ' (primair)' : ''}
                  </strong>
                  {c.title && <span className="muted">{c.title}</span>}
                  {c.phone && <span>{c.phone}</span>}
                  {c.email && (
                    <a href={`mailto:${c.email}`} title={c.email}>
                      {c.email}
                    </a>
                  )}
                  {c.has_account && <span className="muted">Heeft een account</span>}
                  {canEditContacts && (
                    <div className="contact-actions">
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setModal({ kind: 'contact', contact: c })}
                        aria-label={`${c.first_name} ${c.last_name} wijzigen`}
                      >
                        Wijzigen
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => void removeContact(c)}
                        aria-label={`${c.first_name} ${c.last_name} verwijderen`}
                      >
                        Verwijderen
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
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

        <section className="panel" aria-labelledby="locations-title">
          <div className="panel-header">
            <h2 id="locations-title">Mijn locaties</h2>
            <div className="panel-actions">
              {user.can('Adres aanmaken') && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setModal({ kind: 'address' })}
                >
                  Adres toevoegen
                </button>
              )}
              {user.can('Adres aanmaken') && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setModal({ kind: 'import' })}
                >
                  Importeren
                </button>
              )}
            </div>
          </div>
          {client.addresses.length === 0 ? (
            <p className="muted">Er is geen data gevonden</p>
          ) : (
            <ul className="address-list">
              {client.addresses.slice(0, NEWEST_ADDRESSES).map((a) => (
                <AddressLine key={a.id} address={a} onEdit={onEditAddress} onDelete={onDeleteAddress} />
              ))}
            </ul>
          )}
          {client.addresses.length > 0 && (
            <button
              type="button"
              className="link-button all-addresses-link"
              onClick={() => setModal({ kind: 'addresses' })}
            >
              Alle adressen ({client.addresses.length})
            </button>
          )}
        </section>
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

      {modal?.kind === 'ticket' && (
        <Slot
          name="delivery-request"
          props={{ request: { type: modal.typeId, clientId: client.id }, onClose: close }}
        />
      )}
      {modal?.kind === 'edit' && <CustomerFormModal client={client} onClose={close} onSaved={close} />}
      {modal?.kind === 'child' && (
        <CustomerFormModal
          preset={{ client_type_id: modal.typeId, parent_client_id: client.id }}
          onClose={close}
          onSaved={(c) => {
            close();
            void navigate({ to: '/klant/$id', params: { id: c.id } });
          }}
        />
      )}
      {modal?.kind === 'contact' && (
        <ContactFormModal
          client={client}
          contact={modal.contact}
          canListRoles={user.can('Rol bekijken')}
          onClose={close}
        />
      )}
      {modal?.kind === 'address' && <AddressFormModal clientId={client.id} address={modal.address} onClose={close} />}
      {modal?.kind === 'addresses' && (
        <AllAddressesModal
          addresses={client.addresses}
          onClose={close}
          onEdit={onEditAddress}
          onDelete={
            onDeleteAddress
              ? (a) => {
                  close();
                  void onDeleteAddress(a);
                }
              : undefined
          }
        />
      )}
      {modal?.kind === 'import' && <ImportAddressesModal clientId={client.id} onClose={close} />}
      {modal?.kind === 'invoice' && <InvoiceModal clientId={client.id} onClose={close} />}
      {modal?.kind === 'monthly' && (
        <MonthlyPaymentsModal clientId={client.id} current={client.monthly_payments} onClose={close} />
      )}
    </div>
  );
}

/** 'Eindklanten' of a reseller, 'Eindgebruikers' of an end customer. */
function ChildList({
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
