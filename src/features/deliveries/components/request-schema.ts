import * as v from 'valibot';
import { deliverySchema } from '@domain/schemas/deliveries';

/** A request form's values checked with the API's own schema for the type, after becoming the request body. */
export function requestSchema<T>(type: number, toPayload: (values: T) => Record<string, unknown>) {
  const api = deliverySchema(type, true) as unknown as v.GenericSchema<unknown, Record<string, unknown>>;
  return v.pipe(
    v.custom<T>(() => true),
    v.transform((x: T): unknown => toPayload(x)),
    api,
  );
}
