import * as v from 'valibot';
import { ApiError } from '../../../api/errors';
import { issuesToFieldErrors } from '@domain/schemas/common';

/**
 * Checks a payload with the shared schema before sending; failures become the same 422 shape
 * the API answers, so the form shows them under the fields in one way.
 */
export function checkPayload<S extends v.GenericSchema>(schema: S, payload: unknown): void {
  checkPayloads([[schema, payload]]);
}

/** The field errors of a payload by the shared schema; none when it passes. */
export function payloadErrors(schema: v.GenericSchema, payload: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, payload);
  return result.success ? {} : issuesToFieldErrors(result.issues);
}

/** Several parts of one form checked together: every field's message shows in the first round. */
export function checkPayloads(parts: [schema: v.GenericSchema, payload: unknown][]): void {
  const errors = Object.assign({}, ...parts.map(([schema, payload]) => payloadErrors(schema, payload))) as Record<string, string[]>;
  if (Object.keys(errors).length) throw new ApiError(422, 'Validatie mislukt!', errors);
}
