import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { FieldMessage, FieldLabel, fieldClass, requiredData, useFieldIds, type FieldBaseProps } from './Field';

export interface Option {
  value: string | number;
  label: ReactNode;
  disabled?: boolean;
}

type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'name' | 'required' | 'className'
>;

export interface SelectFieldProps extends FieldBaseProps, SelectProps {
  value: string | number | null | undefined;
  /** The chosen option's value as text ('' for the placeholder). */
  onChange: (value: string) => void;
  options: Option[];
  /** First, empty option. Default 'Selecteer een optie'; pass null for none. */
  placeholder?: string | null;
}

export function SelectField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  options,
  placeholder = 'Selecteer een optie',
  ...select
}: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={fieldClass(error, className)} {...requiredData(name, required)}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      <select
        {...select}
        id={id}
        name={name}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

type CheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'name' | 'required' | 'className' | 'type' | 'checked'
>;

export interface CheckboxFieldProps extends FieldBaseProps, CheckboxProps {
  value: boolean | null | undefined;
  onChange: (checked: boolean) => void;
}

/** A checkbox with its label beside it; `label` may hold links (e.g. to the terms of use). */
export function CheckboxField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  ...input
}: CheckboxFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={fieldClass(error, `field-checkbox ${className ?? ''}`)} {...requiredData(name, required, 'choice')}>
      <div className="checkbox-row">
        <input
          {...input}
          id={id}
          name={name}
          type="checkbox"
          checked={!!value}
          onChange={(e) => onChange(e.target.checked)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <FieldLabel htmlFor={id} required={required}>
          {label}
        </FieldLabel>
      </div>
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

export interface RadioGroupProps extends FieldBaseProps {
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  options: Option[];
  /** Options side by side instead of stacked. */
  inline?: boolean;
  disabled?: boolean;
}

/** A fieldset of radios. When `required` and nothing is chosen, submitting shows 'Selecteer een optie.'. */
export function RadioGroup({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  options,
  inline,
  disabled,
}: RadioGroupProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <fieldset
      className={fieldClass(error, `field-radio ${className ?? ''}`)}
      {...requiredData(name, required, 'choice')}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      disabled={disabled}
    >
      <legend className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden>
            {' '}
            *
          </span>
        )}
      </legend>
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      <div className={inline ? 'radio-options radio-inline' : 'radio-options'}>
        {options.map((o, i) => (
          <label key={o.value} className="radio-option" htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type="radio"
              name={name}
              value={o.value}
              checked={value !== null && value !== undefined && String(value) === String(o.value)}
              onChange={() => onChange(String(o.value))}
              disabled={o.disabled}
              aria-invalid={error ? true : undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
