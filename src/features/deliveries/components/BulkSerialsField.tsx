import { useState } from 'react';
import { parseBulkSerials } from '@domain/scan';

const BULK_ROWS = 12;

/** Serials typed or pasted as one comma separated list; 'Toevoegen' hands them over and empties the field. */
export function BulkSerialsField({ onAdd }: { onAdd: (serials: string[]) => void }) {
  const [bulk, setBulk] = useState('');
  return (
    <div className="fw-bulk">
      <label htmlFor="fw-bulk-serials">Serienummers, gescheiden door komma&apos;s</label>
      <textarea id="fw-bulk-serials" rows={BULK_ROWS} value={bulk} onChange={(e) => setBulk(e.target.value)} />
      <div className="fw-bulk-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={bulk.trim() === ''}
          onClick={() => {
            onAdd(parseBulkSerials(bulk));
            setBulk('');
          }}
        >
          Toevoegen
        </button>
      </div>
    </div>
  );
}
