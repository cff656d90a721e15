import { importRowErrors } from '@domain/import-errors';
import './upload.css';
import { countNoun } from '@domain/format';

const SHOWN = 50;

/** The refused rows of an import ('Rij 2: …'), from the 422's `rows.<n>.<field>` messages. */
export function ImportErrors({
  fieldErrors,
  columns,
}: {
  fieldErrors: Record<string, string[]>;
  columns: readonly { field: string; header: string }[];
}) {
  const rows = importRowErrors(fieldErrors, columns);
  if (rows.length === 0) return null;
  return (
    <ul className="import-errors" role="alert" aria-label="Afgekeurde regels">
      {rows.slice(0, SHOWN).map((r) => (
        <li key={r}>{r}</li>
      ))}
      {rows.length > SHOWN && <li>… en nog {countNoun(rows.length - SHOWN, 'fout', 'fouten')}</li>}
    </ul>
  );
}
