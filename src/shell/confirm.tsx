import { useSyncExternalStore } from 'react';
import { Modal } from '../ui/Modal';

export interface ConfirmOptions {
  title?: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Asks the generic 'Weet je het zeker?' question; resolves true on confirm (spec 1 §2.3). */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    notify();
  });
}

function answer(ok: boolean) {
  const p = pending;
  pending = null;
  notify();
  p?.resolve(ok);
}

export function ConfirmHost() {
  const current = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => pending,
  );
  if (!current) return null;
  return (
    <Modal
      title={current.title ?? 'Weet je het zeker?'}
      size="small"
      onClose={() => answer(false)}
      footer={
        <>
          <button
            type="button"
            className={current.danger ? 'button button-danger' : 'button button-primary'}
            onClick={() => answer(true)}
          >
            {current.confirmLabel ?? 'Bevestigen'}
          </button>
          <button type="button" className="button button-secondary" data-autofocus onClick={() => answer(false)}>
            {current.cancelLabel ?? 'Annuleren'}
          </button>
        </>
      }
    >
      <p>{current.text}</p>
    </Modal>
  );
}
