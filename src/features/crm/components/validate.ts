import * as v from 'valibot';
import { ApiError } from '../../../api/errors';
import { issuesToFieldErrors } from '../../../domain/schemas/common';

/**
 * Checks a payload with the shared schema before sending; failures become the same 422 shape
 * the API answers, so the form shows them under the fields in one way.
 */
export function checkPayload<S extends v.GenericSchema>(schema: S, payload: unknown): void {
  const result = v.safeParse(schema, payload);
  if (!result.success) throw new ApiError(422, 'Validatie mislukt!', issuesToFieldErrors(result.issues));
}
