import { useState } from 'react';
import { Modal } from '../../../ui/Modal';
import type { Address } from '@domain/contracts/clients';
import { AddressLine } from './AddressList';

interface Props {
  addresses: Address[];
  onClose: () => void;
  onEdit?: (address: Address) => void;
  onDelete?: (address: Address) => void;
}

/** Every address of the customer; the search starts from the second typed character (spec 1 §2.9). */
export function AllAddressesModal({ addresses, onClose, onEdit, onDelete }: Props) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase('nl');
  const shown =
    needle.length < 2
      ? addresses
      : addresses.filter((a) =>
          [a.name, a.street, a.number, a.zipcode, a.city]
            .filter(Boolean)
            .join(' ')
            .toLocaleLowerCase('nl')
            .includes(needle),
        );
  return (
    <Modal title="Alle adressen" onClose={onClose} size="large">
      <div className="table-search" style={{ maxWidth: 'none', marginBottom: '1rem' }}>
        <svg
          className="table-search-icon"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          aria-hidden
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          type="search"
          aria-label="Zoek een adres"
          placeholder="Zoek een adres"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <ul className="address-list">
          {shown.map((a) => (
            <AddressLine key={a.id} address={a} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
