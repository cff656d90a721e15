import type { Address } from '@domain/contracts/clients';
import { AddressLine } from './AddressList';

export const NEWEST_ADDRESSES = 3;

interface Props {
  addresses: Address[];
  /** 'Adres toevoegen' and 'Importeren' show with these. */
  onAdd?: () => void;
  onImport?: () => void;
  onShowAll: () => void;
  onEdit?: (address: Address) => void;
  onDelete?: (address: Address) => void;
}

/** 'Mijn locaties': the newest addresses, and a link to all of them. */
export function LocationsPanel({ addresses, onAdd, onImport, onShowAll, onEdit, onDelete }: Props) {
  return (
    <section className="panel" aria-labelledby="locations-title">
      <div className="panel-header">
        <h2 id="locations-title">Mijn locaties</h2>
        <div className="panel-actions">
          {onAdd && (
            <button type="button" className="button button-secondary button-small" onClick={onAdd}>
              Adres toevoegen
            </button>
          )}
          {onImport && (
            <button type="button" className="button button-secondary button-small" onClick={onImport}>
              Importeren
            </button>
          )}
        </div>
      </div>
      {addresses.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <ul className="address-list">
          {addresses.slice(0, NEWEST_ADDRESSES).map((a) => (
            <AddressLine key={a.id} address={a} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      )}
      {addresses.length > 0 && (
        <button type="button" className="link-button all-addresses-link" onClick={onShowAll}>
          Alle adressen ({addresses.length})
        </button>
      )}
    </section>
  );
}
