import type * as v from 'valibot';
import { ApiError } from '../../../api/errors';
import { payloadErrors } from '../../../ui/form/form-state';

/**
 * Checks a payload with the shared schema before sending; failures become the same 422 shape
 * the API answers, so the form shows them under the fields in one way.
 */
export function checkPayload<S extends v.GenericSchema>(schema: S, payload: unknown): void {
  const errors = payloadErrors(schema, payload);
  if (Object.keys(errors).length) throw new ApiError(422, 'Validatie mislukt!', errors);
}
