import { useId, type ReactNode } from 'react';

export interface FieldBaseProps {
  label: ReactNode;
  /** Field name (dotted for nested values); also the key of its 422 errors. */
  name: string;
  error?: string;
  /** Help text under the label, read out with the field. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** Ids that tie a label, hint and error to their control. */
export function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** The message under a field; announced when it appears. */
export function FieldMessage({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {error}
    </span>
  );
}

export function fieldClass(error: string | undefined, className?: string): string {
  return ['field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ');
}

/** Marks the wrapper so the form finds required fields that are still empty (see useApiForm). */
export function requiredData(name: string, required: boolean | undefined, kind: 'text' | 'choice' = 'text') {
  return required ? { 'data-required-field': name, 'data-required-kind': kind } : {};
}

/**
 * The label, with a visual mark for required fields kept outside the <label> so the field's name is
 * just its label text (screen readers hear "required" from aria-required).
 */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  if (!required) return <label htmlFor={htmlFor}>{children}</label>;
  return (
    <span className="field-label-row">
      <label htmlFor={htmlFor}>{children}</label>
      <span className="field-required" aria-hidden>
        *
      </span>
    </span>
  );
}
