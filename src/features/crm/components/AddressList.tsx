import type { Address } from '@domain/contracts/clients';

export function formatAddress(a: Pick<Address, 'street' | 'number' | 'addition' | 'zipcode' | 'city'>): string {
  return `${a.street} ${a.number}${a.addition ? ` ${a.addition}` : ''}, ${a.zipcode} ${a.city}`;
}

export function AddressLine({
  address,
  onEdit,
  onDelete,
}: {
  address: Address;
  onEdit?: (a: Address) => void;
  onDelete?: (a: Address) => void;
}) {
  return (
    <li>
      <div>
        <strong>{address.name || 'Adres'}</strong>
        {address.is_visiting && (
          <span className="type-badge" style={{ marginLeft: 6 }}>
            Bezoekadres
          </span>
        )}
        <div className="muted">{formatAddress(address)}</div>
      </div>
      <div className="address-actions">
        {onEdit && (
          <button type="button" className="link-button" onClick={() => onEdit(address)}>
            Wijzigen
          </button>
        )}
        {onDelete && (
          <button type="button" className="link-button" onClick={() => onDelete(address)}>
            Verwijderen
          </button>
        )}
      </div>
    </li>
  );
}
