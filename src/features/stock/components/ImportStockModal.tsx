import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { importRowErrors } from '@domain/import-errors';
import { importColumns, isImportFileName, stockMsg } from '@domain/schemas/stock';
import { FieldMessage, fieldClass } from '../../../ui/form/Field';
import { ImportErrors } from '../../../ui/upload/ImportErrors';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { refreshAfter } from '../../../api/keys';
import { importStock } from '../api/products';
import { countNoun } from '@domain/format';

/** 'Voorraad importeren': .csv or Excel, template link, upload progress; the server imports all rows or none. */
export function ImportStockModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldErrors({});
    if (!file) return setError(stockMsg.fileRequired);
    if (!isImportFileName(file.name)) return setError(stockMsg.fileType);
    setError(null);
    setProgress(0);
    try {
      const result = await importStock(file, null, setProgress);
      showToast('Gelukt', `Voorraad is geïmporteerd (${countNoun(result.imported, 'item', 'items')})`);
      await refreshAfter(queryClient, 'stock');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const rows = importRowErrors(fields, importColumns);
      setFieldErrors(fields);
      // The rows are listed under the field; the field itself shows a refusal of the whole file.
      setError(
        rows.length
          ? null
          : (fields.file?.[0] ?? (err instanceof ApiError && err.isValidation ? null : (err as Error).message)),
      );
      showToast('Foutmelding', ['Voorraad is niet geïmporteerd', ...rows.slice(0, 5)].join('\n'), 'alert');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal title="Voorraad importeren" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p>
          Gebruik het{' '}
          <a href="/excel/Template.xlsx" download>
            voorbeeldbestand (Template.xlsx)
          </a>
          . Alleen .csv of Excel bestanden.
        </p>
        <div className={fieldClass(error ?? undefined)}>
          <label htmlFor="stock-file">
            Bestand{' '}
            <span className="field-required" aria-hidden>
              *
            </span>
          </label>
          <input
            id="stock-file"
            type="file"
            accept=".csv,.xlsx,.xls"
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              setFieldErrors({});
            }}
          />
          <FieldMessage error={error ?? undefined} />
        </div>
        <UploadProgress fraction={progress} />
        <ImportErrors fieldErrors={fieldErrors} columns={importColumns} />
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
          <button type="submit" className="button button-primary" disabled={progress !== null}>
            Importeren
          </button>
        </div>
      </form>
    </Modal>
  );
}
