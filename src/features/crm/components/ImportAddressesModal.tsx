import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { importRowErrors } from '@domain/import-errors';
import { addressImportColumns, clientMsg, isImportFileName } from '@domain/schemas/clients';
import { Modal } from '../../../ui/Modal';
import { SubmitButton } from '../../../ui/form/FormError';
import { ImportErrors } from '../../../ui/upload/ImportErrors';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { showToast } from '../../../shell/toast';
import { useImportAddresses } from '../api/mutations';

/**
 * Address import by file (.csv or Excel) with upload progress; all rows or none, a refused row listed as 'Rij 2: …'.
 */
export function ImportAddressesModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const importFile = useImportAddresses();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFieldErrors({});
    if (!file) return setError(clientMsg.fileRequired);
    if (!isImportFileName(file.name)) return setError(clientMsg.fileType);
    setError(null);
    setProgress(0);
    try {
      await importFile.mutateAsync({ clientId, file, onProgress: setProgress });
      showToast('Gelukt', 'Adressen zijn geïmporteerd');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setFieldErrors(fields);
      // The rows are listed under the field; the field itself shows a refusal of the whole file.
      const rows = importRowErrors(fields, addressImportColumns);
      setError(
        rows.length
          ? null
          : (fields.file?.[0] ?? (err instanceof ApiError && err.isValidation ? null : (err as Error).message)),
      );
    } finally {
      setProgress(null);
    }
  };
  return (
    <Modal
      title="Adressen importeren"
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="import-form" pending={importFile.isPending}>
            Importeren
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="import-form" className="form" onSubmit={submit} noValidate>
        <p>
          Download het{' '}
          <a href="/excel/TemplateAdressenImport.xlsx" download>
            sjabloon
          </a>
          , vul per regel één adres in en kies het bestand.
        </p>
        <div className={error ? 'field has-error' : 'field'}>
          <label htmlFor="import-file">Bestand (.csv of Excel)</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              setFieldErrors({});
            }}
          />
          {error && (
            <span className="field-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <UploadProgress fraction={progress} />
        <ImportErrors fieldErrors={fieldErrors} columns={addressImportColumns} />
      </form>
    </Modal>
  );
}
