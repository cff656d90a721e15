import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { isImportFileName, stockMsg } from '../../../domain/schemas/stock';
import { FieldMessage } from '../../../ui/form/Field';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { refreshAfter } from '../../../api/keys';
import { importStock } from '../api/products';

/** 'Voorraad importeren': .csv or Excel, template link, upload progress; the server imports all rows or none. */
export function ImportStockModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRowErrors([]);
    if (!file) return setError(stockMsg.fileRequired);
    if (!isImportFileName(file.name)) return setError(stockMsg.fileType);
    setError(null);
    setProgress(0);
    try {
      const result = await importStock(file, null, setProgress);
      showToast('Gelukt', `Voorraad is geïmporteerd (${result.imported} items)`);
      await refreshAfter(queryClient, 'stock');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const rows = Object.entries(fields).filter(([k]) => k.startsWith('rows.'))
        .map(([k, m]) => `Rij ${k.split('.')[1]} (${k.split('.').slice(2).join('.')}): ${m[0]}`);
      setRowErrors(rows);
      if (fields.file && !rows.length) setError(fields.file[0]!);
      showToast('Foutmelding', ['Voorraad is niet geïmporteerd', ...rows.slice(0, 5)].join('\n'), 'alert');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal title="Voorraad importeren" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p>Gebruik het <a href="/excel/Template.xlsx" download>voorbeeldbestand (Template.xlsx)</a>. Alleen .csv of Excel bestanden.</p>
        <div className={`field${error ? ' field-error' : ''}`}>
          <label htmlFor="stock-file">Bestand <span className="field-required" aria-hidden>*</span></label>
          <input id="stock-file" type="file" accept=".csv,.xlsx,.xls" aria-invalid={error ? true : undefined}
            onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); }} />
          <FieldMessage error={error ?? undefined} />
        </div>
        {progress !== null && (
          <div className="upload-progress">
            <progress max={1} value={progress} aria-label="Voortgang uploaden" />
            <span>{progress < 1 ? `${Math.round(progress * 100)}% geüpload` : 'Bestand wordt verwerkt…'}</span>
          </div>
        )}
        {rowErrors.length > 0 && (
          <ul className="import-errors" role="alert">
            {rowErrors.slice(0, 50).map((r) => <li key={r}>{r}</li>)}
            {rowErrors.length > 50 && <li>… en nog {rowErrors.length - 50} fouten</li>}
          </ul>
        )}
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button>
          <button type="submit" className="button button-primary" disabled={progress !== null}>Importeren</button>
        </div>
      </form>
    </Modal>
  );
}
