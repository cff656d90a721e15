import {
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { FieldMessage, FieldLabel, fieldClass, requiredData, useFieldIds, type FieldBaseProps } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'required' | 'className'>;

export interface TextFieldProps extends FieldBaseProps, InputProps {
  value: string | number | null | undefined;
  onChange: (value: string) => void;
}

/** What a text-like control gets from its frame: id, value and the ARIA wiring to label, hint and error. */
interface ControlProps {
  id: string;
  name: string;
  value: string | number;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FrameProps extends FieldBaseProps {
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  children: (control: ControlProps) => ReactNode;
}

/** The frame every text-like field shares: label, hint, the control, and the error under it. */
function TextFrame({ label, name, error, hint, required, className, value, onChange, children }: FrameProps) {
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
      {children({
        id,
        name,
        value: value ?? '',
        onChange: (e) => onChange(e.target.value),
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

export function TextField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  type = 'text',
  ...input
}: TextFieldProps) {
  return (
    <TextFrame {...{ label, name, error, hint, required, className, value, onChange }}>
      {(control) => <input {...input} {...control} type={type} />}
    </TextFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const {
    label,
    name,
    error,
    hint,
    required,
    className,
    value,
    onChange,
    autoComplete = 'current-password',
    ...input
  } = props;
  const [visible, setVisible] = useState(false);
  return (
    <TextFrame {...{ label, name, error, hint, required, className, value, onChange }}>
      {(control) => (
        <div className="password-input">
          <input {...input} {...control} type={visible ? 'text' : 'password'} autoComplete={autoComplete} />
          <button
            type="button"
            className="password-toggle"
            aria-controls={control.id}
            aria-pressed={visible}
            onClick={() => setVisible((s) => !s)}
          >
            {visible ? 'Verbergen' : 'Tonen'}
          </button>
        </div>
      )}
    </TextFrame>
  );
}

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'name' | 'required' | 'className'
>;

export interface TextAreaFieldProps extends FieldBaseProps, TextAreaProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  rows = 4,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <TextFrame {...{ label, name, error, hint, required, className, value, onChange }}>
      {(control) => <textarea {...textarea} {...control} rows={rows} />}
    </TextFrame>
  );
}
