import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A message about the whole form (not one field), e.g. an invalid or expired link. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div className="notice notice-alert form-error" role="alert">
      {message}
    </div>
  );
}

/** The form's submit button; disabled and marked busy while the request runs. */
export function SubmitButton({
  pending,
  children,
  className = 'button button-primary',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; children: ReactNode }) {
  return (
    <button
      {...rest}
      type="submit"
      className={className}
      disabled={pending || rest.disabled}
      aria-busy={pending || undefined}
    >
      {children}
    </button>
  );
}

/** The end of a form in a modal: its message, then 'Annuleren' and the submit button (default 'Opslaan'). */
export function FormActions({
  error,
  pending,
  onCancel,
  submitLabel = 'Opslaan',
}: {
  error?: string | null;
  pending?: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  return (
    <>
      <FormError message={error} />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Annuleren
        </button>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </>
  );
}
