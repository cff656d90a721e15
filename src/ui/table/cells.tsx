import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../api/errors';
import { centsToPriceString, formatEuro, parsePriceToCents } from '@domain/format';
import { moneyMsg } from '@domain/money';
import { toCents } from './format-cell';
import { confirmDialog } from '../../shell/confirm';
import { useNamedRoutes } from '../../shell/route-names';
import { toastError, toastSuccess } from '../../shell/toast';
import { Modal } from '../Modal';

/** How a column shows its value (spec 1 §2.4 row cell kinds). */
export type CellKind<Row> =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'dateTime' }
  /** Cents (number) or a price string with a dot decimal ('12.50'), or { price: '12.50' }. */
  | { kind: 'price' }
  /** A button to a named route (src/router.tsx), e.g. { kind: 'view', route: 'customerDetail' }. */
  | { kind: 'view'; route: string; id?: (row: Row) => string | number; label?: string }
  /** Row selection; the header gets a select-all box. */
  | { kind: 'checkbox' }
  /** The price plus a 'Tarief bewerken' modal; onSave gets the new price in cents. */
  | {
      kind: 'editPrice';
      onSave: (row: Row, cents: number) => Promise<unknown> | unknown;
      canEdit?: (row: Row) => boolean;
    }
  /** An 'Activeren' button with a confirmation; hidden when isActive(row). */
  | { kind: 'activate'; onActivate: (row: Row) => Promise<unknown> | unknown; isActive?: (row: Row) => boolean };

export function ViewCell({
  route,
  id,
  label = 'Bekijken',
}: {
  route: string;
  id: string | number | undefined;
  label?: string;
}) {
  const path = useNamedRoutes()[route]?.path;
  if (!path || id === undefined || id === null) return null;
  const to = path.replace(/\$id\b/, encodeURIComponent(String(id)));
  return (
    <Link to={to} className="button button-secondary button-small table-view">
      {label}
    </Link>
  );
}

export function EditPriceCell<Row>({
  row,
  value,
  onSave,
  canEdit = true,
}: {
  row: Row;
  value: unknown;
  onSave: (row: Row, cents: number) => Promise<unknown> | unknown;
  canEdit?: boolean;
}) {
  const cents = toCents(value);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const show = () => {
    setInput(cents === null ? '' : centsToPriceString(cents).replace('.', ','));
    setError(null);
    setOpen(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = parsePriceToCents(input);
    if (next === null) return setError(moneyMsg.invalid);
    setSaving(true);
    try {
      await onSave(row, next);
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.isValidation) setError(err.field('price') ?? err.message);
      else toastError(err instanceof Error ? err.message : 'Er is helaas iets fout gegaan');
    } finally {
      setSaving(false);
    }
  };
  return (
    <span className="price-cell">
      <span>{cents === null ? '' : formatEuro(cents)}</span>
      {canEdit && (
        <button
          type="button"
          className="icon-button table-icon"
          aria-label="Tarief bewerken"
          title="Tarief bewerken"
          onClick={show}
        >
          ✎
        </button>
      )}
      {open && (
        <Modal title="Tarief bewerken" size="small" onClose={() => setOpen(false)}>
          <form className="form" onSubmit={submit} noValidate>
            <div className={error ? 'field has-error' : 'field'}>
              <label htmlFor="edit-price-input">Tarief (€)</label>
              <input
                id="edit-price-input"
                name="price"
                inputMode="decimal"
                autoComplete="off"
                value={input}
                aria-invalid={!!error}
                aria-describedby={error ? 'edit-price-error' : undefined}
                onChange={(e) => setInput(e.target.value)}
              />
              {error && (
                <span id="edit-price-error" className="field-error">
                  {error}
                </span>
              )}
            </div>
            <div className="form-actions form-actions-end">
              <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
                Annuleren
              </button>
              <button type="submit" className="button button-primary" disabled={saving}>
                Opslaan
              </button>
            </div>
          </form>
        </Modal>
      )}
    </span>
  );
}

export function ActivateCell<Row>({
  row,
  onActivate,
}: {
  row: Row;
  onActivate: (row: Row) => Promise<unknown> | unknown;
}) {
  const [busy, setBusy] = useState(false);
  const activate = async () => {
    const ok = await confirmDialog({
      text: 'Weet je zeker dat je dit product wil activeren?',
      confirmLabel: 'Activeren',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await onActivate(row);
      toastSuccess('Activeren', 'Product is geactiveerd');
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : 'Product kan niet worden geactiveerd');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-secondary button-small" disabled={busy} onClick={activate}>
      Activeren
    </button>
  );
}
