import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { clientMsg, isImportFileName } from '../../../domain/schemas/clients';
import { Modal } from '../../../ui/Modal';
import { SubmitButton } from '../../../ui/form/FormError';
import { showToast } from '../../../shell/toast';
import { useImportAddresses } from '../api/mutations';

/** Address import by file (.csv or Excel); all rows or none. */
export function ImportAddressesModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importFile = useImportAddresses();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return setError(clientMsg.fileRequired);
    if (!isImportFileName(file.name)) return setError(clientMsg.fileType);
    try {
      await importFile.mutateAsync({ clientId, file });
      showToast('Gelukt', 'Adressen zijn geïmporteerd');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.field('file') ?? err.message : null);
    }
  };
  return (
    <Modal title="Adressen importeren" onClose={onClose}
      footer={<><SubmitButton form="import-form" pending={importFile.isPending}>Importeren</SubmitButton><button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button></>}>
      <form id="import-form" className="form" onSubmit={submit} noValidate>
        <p>Download het <a href="/excel/TemplateAdressenImport.xlsx" download>sjabloon</a>, vul per regel één adres in en kies het bestand.</p>
        <div className={error ? 'field has-error' : 'field'}>
          <label htmlFor="import-file">Bestand (.csv of Excel)</label>
          <input id="import-file" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={error ? true : undefined} onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); }} />
          {error && <span className="field-error" role="alert">{error}</span>}
        </div>
      </form>
    </Modal>
  );
}
