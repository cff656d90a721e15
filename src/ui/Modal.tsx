import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { confirmDialog } from '../shell/confirm';
import { focusableIn, nextTrapTarget } from './focus';
import { updateGuard } from '../shell/update-guard';
import { createModalWork } from './modal-work';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
}

/** Modals open at once, so only the top one handles Escape and Tab. */
const openStack: symbol[] = [];

/** Asked before a click beside a dialog (or Escape) throws typed input away. */
export const discardQuestion = {
  text: 'De ingevoerde gegevens zijn nog niet opgeslagen. Wil je dit venster sluiten zonder op te slaan?',
  confirmLabel: 'Sluiten zonder opslaan',
  cancelLabel: 'Verder bewerken',
};

/**
 * A dialog over the page (spec 1 §2.3): clicking the overlay or pressing Escape closes it; when it
 * holds unsaved input (./modal-work) it asks first. The × and the dialog's own buttons close at
 * once. Focus goes to the first field (or an element marked data-autofocus, else the dialog), Tab
 * stays inside, and on close focus returns to what had it before.
 */
export function Modal({ title, onClose, children, footer, size = 'medium' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [work] = useState(() => createModalWork(updateGuard.unsavedIds()));
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const asking = useRef(false);
  const closeUnlessUnsaved = useRef(async () => {
    if (!work.isDirty()) return close.current();
    if (asking.current) return;
    asking.current = true;
    const discard = await confirmDialog(discardQuestion);
    asking.current = false;
    if (discard) close.current();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const me = Symbol('modal');
    openStack.push(me);
    const previous = document.activeElement as HTMLElement | null;
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(
        '.modal-body input:not([type=hidden]):not(:disabled), .modal-body select:not(:disabled), .modal-body ' +
          'textarea:not(:disabled)',
      );
    (first ?? dialog).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (e: KeyboardEvent) => {
      if (openStack.at(-1) !== me) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        void closeUnlessUnsaved.current();
      } else if (e.key === 'Tab') {
        const items = focusableIn(dialog);
        const target = nextTrapTarget(items, document.activeElement, e.shiftKey);
        if (items.length === 0) e.preventDefault();
        else if (target) {
          e.preventDefault();
          target.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openStack.splice(openStack.indexOf(me), 1);
      if (openStack.length === 0) document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(e) => e.target === e.currentTarget && void closeUnlessUnsaved.current()}
    >
      <div
        ref={dialogRef}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onFocus={(e) => work.entered(e.target)}
        onInput={(e) => work.edited(e.target)}
        onChange={(e) => work.edited(e.target)}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button modal-close" aria-label="Sluiten" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
