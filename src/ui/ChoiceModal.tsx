import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from './Modal';
import type { Option } from './form/ChoiceFields';
import { FormActions } from './form/FormError';

export interface ChoiceModalProps {
  title: string;
  /** The select's label. */
  label: string;
  options: Option[];
  /** The value chosen when the modal opens ('' for the placeholder). */
  initial?: string;
  /** A first, empty option; none when left out. */
  placeholder?: string;
  /** Shown under the field when the empty option is confirmed; without it that just closes the modal. */
  requiredMessage?: string;
  /** A line under the field (e.g. why the list is empty). */
  note?: ReactNode;
  confirmLabel?: string;
  /** The feature's mutation is running: the confirm button waits. */
  pending: boolean;
  /** Called with the chosen value (never ''); the feature mutates and closes on success. */
  onConfirm: (value: string) => void;
  onClose: () => void;
}

/**
 * A small modal that asks for one choice from a list and confirms it (e.g. 'Status wijzigen').
 * The feature owns the texts, the options and the mutation.
 */
export function ChoiceModal({
  title,
  label,
  options,
  initial = '',
  placeholder,
  requiredMessage,
  note,
  confirmLabel = 'Opslaan',
  pending,
  onConfirm,
  onClose,
}: ChoiceModalProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value) onConfirm(value);
    else if (requiredMessage) setError(requiredMessage);
    else onClose();
  };
  return (
    <Modal title={title} onClose={onClose} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className={`field${error ? ' has-error' : ''}`}>
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            value={value}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          {error && <span className="field-error">{error}</span>}
          {note && <span className="field-hint">{note}</span>}
        </div>
        <FormActions pending={pending} onCancel={onClose} submitLabel={confirmLabel} />
      </form>
    </Modal>
  );
}
