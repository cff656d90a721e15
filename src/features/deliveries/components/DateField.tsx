import { DatePicker } from '../../../ui/DatePicker';

/** A labelled date picker bound like the form fields (value Y-m-d). */
export function DateField({
  id,
  label,
  required,
  future,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  required?: boolean;
  future?: boolean;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      <DatePicker id={id} name={id} type={future ? 'future' : 'any'} value={value} onChange={onChange} error={error} />
    </div>
  );
}
