import { useNavigate } from '@tanstack/react-router';
import type { Address, ClientDetail, Contact } from '@domain/contracts/clients';
import { Slot } from '../../../shell/slots';
import { AddressFormModal } from './AddressFormModal';
import { AllAddressesModal } from './AllAddressesModal';
import { ContactFormModal } from './ContactFormModal';
import { CustomerFormModal } from './CustomerFormModal';
import { ImportAddressesModal } from './ImportAddressesModal';
import { InvoiceModal } from './InvoiceModal';
import { MonthlyPaymentsModal } from './MonthlyPaymentsModal';

/** The dialog the customer page has open, if any. */
export type CustomerModal =
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

interface Props {
  modal: CustomerModal;
  client: ClientDetail;
  close: () => void;
  canListRoles: boolean;
  onEditAddress?: (address: Address) => void;
  onDeleteAddress?: (address: Address) => Promise<void>;
}

/** The customer page's open dialog; a new child customer opens its own page once saved. */
export function CustomerModals({ modal, client, close, canListRoles, onEditAddress, onDeleteAddress }: Props) {
  const navigate = useNavigate();
  return (
    <>
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
        <ContactFormModal client={client} contact={modal.contact} canListRoles={canListRoles} onClose={close} />
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
    </>
  );
}
