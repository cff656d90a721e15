import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ApiError, wasShown } from '../../api/errors';
import { issuesToFieldErrors, msg } from '@domain/schemas/common';
import { toastError } from '../../shell/toast';
import { useUnsavedWork } from '../../shell/update-guard';
import { getIn, setIn, withoutErrors } from './form-state';

export type FieldErrors = Record<string, string[]>;

export interface ApiFormOptions<T extends Record<string, unknown>, TOut, TResult> {
  initial: T;
  /** The same valibot schema the API parses with: the form shows the same Dutch messages before sending. */
  schema?: v.GenericSchema<unknown, TOut>;
  /**
   * Field errors found from the values before sending, in the same round as the required fields and the
   * schema: for a form whose parts are checked by more than one schema (a new end user's delivery).
   */
  check?: (values: T) => FieldErrors;
  /** Sends the (schema-parsed) values, usually `mutation.mutateAsync`. */
  submit: (values: TOut) => Promise<TResult>;
  onSuccess?: (result: TResult, values: TOut) => void | Promise<void>;
  /**
   * Failures that are not field errors (not 422, or a 422 without fields). Default: nothing more when
   * the mutation's `meta.errorText` already showed its toast (src/shell/query-errors.ts), else a toast
   * with the server's message. Return a string to show it in the form (FormError) instead.
   */
  onError?: (error: unknown) => string | void;
}

/**
 * A form that validates with the shared schema, submits, and keeps the 422 field errors (dotted names)
 * so the fields show them. Field components marked `required` are checked too, also without a schema
 * ('Dit veld is verplicht.'; 'Selecteer een optie.' for a RadioGroup).
 *
 *   const save = useSaveContact();
 *   const form = useApiForm({ initial: { email: '' }, schema: contactSchema, submit: save.mutateAsync,
 *     onSuccess: () => toastSuccess('Contactpersoon', 'De contactpersoon is opgeslagen') });
 *   <form {...form.formProps}>
 *     <TextField label="E-mailadres" required {...form.bind('email')} />
 *     <TextField label="Straat" {...form.bindPath('address.street')} />
 *     <FormError message={form.formError} />
 *     <SubmitButton pending={form.submitting}>Opslaan</SubmitButton>
 *   </form>
 */
export function useApiForm<T extends Record<string, unknown>, TOut = T, TResult = unknown>(
  options: ApiFormOptions<T, TOut, TResult>,
) {
  const [values, setValues] = useState<T>(options.initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // What was last loaded or saved; input that differs from it must survive an app update.
  const [savedValues, setSavedValues] = useState<T>(options.initial);
  useUnsavedWork(values !== savedValues && JSON.stringify(values) !== JSON.stringify(savedValues));

  // After a failed attempt, move focus to the first field that has an error.
  useEffect(() => {
    if (attempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [attempt]);

  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setFieldErrors((prev) => withoutErrors(prev, name as string));
  }, []);

  /** Sets a nested value by dotted path ('contacts.0.email'), copying the objects and arrays on the way. */
  const setPath = useCallback((path: string, value: unknown) => {
    setValues((prev) => setIn(prev, path, value) as T);
    setFieldErrors((prev) => withoutErrors(prev, path));
  }, []);

  const handleSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (submitting) return;
    setFormError(null);
    const { schema, check, submit, onSuccess, onError } = options;
    const errors = {
      ...(formRef.current ? { ...missingRequired(formRef.current), ...entryErrors(formRef.current) } : {}),
      ...check?.(values),
    };
    let parsed = values as unknown as TOut;
    if (schema) {
      const result = v.safeParse(schema, values);
      if (result.success) parsed = result.output;
      else Object.assign(errors, issuesToFieldErrors(result.issues));
    }
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      setAttempt((n) => n + 1);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const result = await submit(parsed);
      setSavedValues(values);
      await onSuccess?.(result, parsed);
    } catch (err) {
      if (err instanceof ApiError && err.isValidation && Object.keys(err.fieldErrors).length > 0) {
        setFieldErrors(err.fieldErrors);
        setAttempt((n) => n + 1);
      } else {
        const shown = onError ? onError(err) : wasShown(err) ? undefined : toastError((err as Error).message);
        if (typeof shown === 'string') setFormError(shown);
      }
    } finally {
      setSubmitting(false);
    }
  };

  /** The first message for a field (dotted name). */
  const error = (name: string): string | undefined => fieldErrors[name]?.[0];

  /** Props for a field component bound to a top-level value: name, value, onChange, error. */
  const bind = <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: T[K]) => setValue(name, value),
    error: error(name),
  });

  /**
   * Like bind, for a nested value by dotted path: `<TextField label="Straat" {...form.bindPath('address.street')} />`.
   */
  const bindPath = <V = string>(path: string) => ({
    name: path,
    value: getIn(values, path) as V,
    onChange: (value: V) => setPath(path, value),
    error: error(path),
  });

  return {
    values,
    setValues,
    setValue,
    setPath,
    bindPath,
    fieldErrors,
    setFieldErrors,
    formError,
    setFormError,
    submitting,
    error,
    bind,
    /** Spread on the <form>: `<form {...form.formProps}>`. */
    formProps: { ref: formRef, onSubmit: handleSubmit, noValidate: true, className: 'form' },
    handleSubmit,
  };
}

export type ApiForm<T extends Record<string, unknown>> = ReturnType<typeof useApiForm<T>>;

/**
 * Inputs that refused what was typed (a DatePicker with a past or unreadable date marks its input with
 * `data-entry-error`): their value is empty, so the schema alone would let the form send without it.
 */
function entryErrors(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('[data-entry-error]')) {
    errors[input.name || input.id] = [input.dataset.entryError ?? ''];
  }
  return errors;
}

/** Fields rendered with `required` (data-required on the wrapper) that are still empty. */
function missingRequired(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const wrapper of form.querySelectorAll<HTMLElement>('[data-required-field]')) {
    const name = wrapper.dataset.requiredField;
    if (!name) continue;
    const controls = [
      ...wrapper.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input, select, textarea',
      ),
    ];
    const choice = controls.some((c) => c instanceof HTMLInputElement && (c.type === 'radio' || c.type === 'checkbox'));
    const filled = choice
      ? controls.some((c) => (c as HTMLInputElement).checked)
      : controls.some((c) => c.value.trim() !== '');
    if (!filled) errors[name] = [wrapper.dataset.requiredKind === 'choice' ? msg.choose : msg.required];
  }
  return errors;
}
