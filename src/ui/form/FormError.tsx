import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A message about the whole form (not one field), e.g. an invalid or expired link. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return <div className="notice notice-alert form-error" role="alert">{message}</div>;
}

/** The form's submit button; disabled and marked busy while the request runs. */
export function SubmitButton({ pending, children, className = 'button button-primary', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; children: ReactNode }) {
  return (
    <button {...rest} type="submit" className={className} disabled={pending || rest.disabled} aria-busy={pending || undefined}>
      {children}
    </button>
  );
}
