import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@domain/rules';

export type ToastType = 'success' | 'alert' | 'warning' | 'info';
export interface Toast {
  id: number;
  title: string;
  text: string;
  type: ToastType;
  /** A link to what the message is about (e.g. the delivery just requested); `onClick` navigates in the app. */
  link?: ToastLink;
}
export interface ToastLink {
  label: string;
  href: string;
  onClick: () => void;
}

// Only the latest message is kept (spec 1 §2.3).
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function showToast(title: string, text: string, type: ToastType = 'success', link?: ToastLink): void {
  current = { id: nextId++, title, text, type, ...(link ? { link } : {}) };
  notify();
}
export const toastSuccess = (title: string, text: string) => showToast(title, text, 'success');
export const toastError = (text: string, title = 'Foutmelding') => showToast(title, text, 'alert');

/** The message on screen (only the latest is kept, spec 1 §2.3). */
export function currentToast(): Toast | null {
  return current;
}

/** Closes a message; a newer one that replaced it stays. */
export function dismissToast(id: number): void {
  dismiss(id);
}

function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    notify();
  }
}

export function Toaster() {
  const toast = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => current,
  );
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast) return null;
  const { link } = toast;
  return (
    <div className="toaster" aria-live="polite">
      <div
        key={toast.id}
        className={`toast toast-${toast.type}`}
        role={toast.type === 'alert' ? 'alert' : 'status'}
        onClick={() => dismiss(toast.id)}
      >
        <span className="toast-icon" aria-hidden>
          {icons[toast.type]}
        </span>
        <span className="toast-body">
          <strong className="toast-title">{toast.title}</strong>
          <span className="toast-text">{toast.text}</span>
          {link && (
            <a
              className="toast-link"
              href={link.href}
              onClick={(e) => {
                e.preventDefault();
                link.onClick();
              }}
            >
              {link.label}
            </a>
          )}
        </span>
        <button
          type="button"
          className="toast-close"
          aria-label="Melding sluiten"
          onClick={(e) => {
            e.stopPropagation();
            dismiss(toast.id);
          }}
        >
          ×
        </button>
      </div>
    </div>
  );
}

const icons: Record<ToastType, string> = { success: '✓', alert: '!', warning: '!', info: 'i' };
