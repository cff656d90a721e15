import { useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import { toastError } from '../../../shell/toast';
import { exportStock, useExportColumns } from '../api/export';

interface Props {
  /** The list's search, filters and sort as the export's query. */
  query: Record<string, string | number | undefined | null>;
  onClose: () => void;
}

/** 'Voorraad exporteren': pick the columns (the list's own are ticked), then download the xlsx. */
export function ExportStockModal({ query, onClose }: Props) {
  const columns = useExportColumns();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = picked ?? (columns.data ?? []).filter((c) => c.default).map((c) => c.key);

  const toggle = (key: string, on: boolean) => {
    const order = (columns.data ?? []).map((c) => c.key);
    const next = on ? [...chosen, key] : chosen.filter((k) => k !== key);
    setPicked(order.filter((k) => next.includes(k)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen.length) return;
    setBusy(true);
    try {
      await exportStock(query, chosen);
      onClose();
    } catch {
      toastError('Exporteren is mislukt');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Voorraad exporteren" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="export-columns">
          <legend>Kolommen</legend>
          {columns.isPending && (
            <p className="muted" aria-busy>
              Laden…
            </p>
          )}
          {columns.data?.map((c) => (
            <label key={c.key} className="checkbox-row">
              <input
                type="checkbox"
                checked={chosen.includes(c.key)}
                onChange={(e) => toggle(c.key, e.target.checked)}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        {columns.data && !chosen.length && (
          <p className="field-error" role="alert">
            Kies minimaal één kolom.
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={busy || !chosen.length}
            aria-busy={busy || undefined}
          >
            Exporteren
          </button>
        </div>
      </form>
    </Modal>
  );
}
