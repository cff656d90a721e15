import { scanMsg, serialKey } from '@domain/scan';

interface Props {
  serials: string[];
  /** Per serial key: why it was refused. */
  errors: Record<string, string>;
  /** Serial keys accepted without the server's verdict (offline). */
  unchecked: ReadonlySet<string>;
  onRemove: (serial: string) => void;
}

/** The serials scanned so far, each with its refusal or 'nog niet gecontroleerd', and a button to remove it. */
export function ScannedSerialList({ serials, errors, unchecked, onRemove }: Props) {
  return (
    <ul className="fw-serials" aria-label="Gescande serienummers">
      {serials.map((serial) => {
        const error = errors[serialKey(serial)];
        const waiting = !error && unchecked.has(serialKey(serial));
        return (
          <li key={serial} className={error ? 'fw-serial has-error' : waiting ? 'fw-serial is-unchecked' : 'fw-serial'}>
            <span className="fw-serial-text">
              {serial}
              {error && ` – ${error}`}
              {waiting && ` – ${scanMsg.unchecked}`}
            </span>
            <button type="button" aria-label={`${serial} verwijderen`} onClick={() => onRemove(serial)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
