import { useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldMessage, FieldLabel, fieldClass, requiredData, useFieldIds, type FieldBaseProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'required' | 'className'>;

export interface TextFieldProps extends FieldBaseProps, InputProps {
  value: string | number | null | undefined;
  onChange: (value: string) => void;
}

export function TextField({ label, name, error, hint, required, className, value, onChange, type = 'text', ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={fieldClass(error, className)} {...requiredData(name, required)}>
      <FieldLabel htmlFor={id} required={required}>{label}</FieldLabel>
      {hint && <span id={hintId} className="field-hint">{hint}</span>}
      <input
        {...input}
        id={id}
        name={name}
        type={type}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { label, name, error, hint, required, className, value, onChange, autoComplete = 'current-password', ...input } = props;
  const [visible, setVisible] = useState(false);
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={fieldClass(error, className)} {...requiredData(name, required)}>
      <FieldLabel htmlFor={id} required={required}>{label}</FieldLabel>
      {hint && <span id={hintId} className="field-hint">{hint}</span>}
      <div className="password-input">
        <input
          {...input}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button type="button" className="password-toggle" aria-controls={id} aria-pressed={visible} onClick={() => setVisible((s) => !s)}>
          {visible ? 'Verbergen' : 'Tonen'}
        </button>
      </div>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name' | 'required' | 'className'>;

export interface TextAreaFieldProps extends FieldBaseProps, TextAreaProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
}

export function TextAreaField({ label, name, error, hint, required, className, value, onChange, rows = 4, ...textarea }: TextAreaFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={fieldClass(error, className)} {...requiredData(name, required)}>
      <FieldLabel htmlFor={id} required={required}>{label}</FieldLabel>
      {hint && <span id={hintId} className="field-hint">{hint}</span>}
      <textarea
        {...textarea}
        id={id}
        name={name}
        rows={rows}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
