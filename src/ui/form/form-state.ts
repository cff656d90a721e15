import * as v from 'valibot';
import { issuesToFieldErrors } from '@domain/schemas/common';
import type { FieldErrors } from './useApiForm';

/**
 * The field errors of a request body by the API's own schema, none when it passes: for a form's
 * `check`, so they show in the same round as the required fields (issue 46).
 */
export function payloadErrors(schema: v.GenericSchema, payload: unknown): FieldErrors {
  const result = v.safeParse(schema, payload);
  return result.success ? {} : issuesToFieldErrors(result.issues);
}

/** The value at a dotted path ('contacts.0.email'). */
export function getIn(target: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((obj, key) => (isContainer(obj) ? obj[key] : undefined), target);
}

/** Drops the errors of a field and of everything under it. */
export function withoutErrors(errors: FieldErrors, name: string): FieldErrors {
  const keys = Object.keys(errors).filter((k) => k === name || k.startsWith(`${name}.`));
  if (keys.length === 0) return errors;
  const rest = { ...errors };
  for (const k of keys) delete rest[k];
  return rest;
}

/** A copy of `target` with the value at a dotted path replaced; objects and arrays on the way are copied. */
export function setIn(target: unknown, path: string, value: unknown): unknown {
  return setAt(target, path.split('.'), value);
}

/** An object or array, read by key ('0' indexes an array). */
const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function setAt(target: unknown, [key = '', ...more]: string[], value: unknown): unknown {
  const [below] = more;
  const next =
    below === undefined
      ? value
      : setAt((isContainer(target) ? target[key] : undefined) ?? (/^\d+$/.test(below) ? [] : {}), more, value);
  return Array.isArray(target) ? Object.assign([...target], { [key]: next }) : { ...(target as object), [key]: next };
}
