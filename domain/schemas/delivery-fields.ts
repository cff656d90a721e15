import * as v from 'valibot';
import { Carrier, DeliveryType } from '../enums';
import { calendarDate, id, msg, notBeforeToday, MAX_LIST } from './common';
import { deliveryMsg } from './delivery-messages';

/** The fields the delivery schemas (deliveries.ts) are built of. */
const blankToNull = (x: unknown) => (typeof x === 'string' && x.trim() === '' ? null : x);
/** A required value with its own message, also when the key is missing or the text blank. */
export const requiredValue = <S extends v.GenericSchema>(schema: S, message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.check((x) => x !== null && x !== undefined, message),
      schema,
    ),
    null,
  );
export const optionalId = v.optional(
  v.nullable(v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), id], msg.choose))),
  null,
);
/** Multipart forms (bulk with a file) send the lines as one JSON text. */
const jsonText = (x: unknown) => {
  if (typeof x !== 'string') return x;
  try {
    return JSON.parse(x);
  } catch {
    return x;
  }
};

export const deliveryTypeIdSchema = v.pipe(
  v.union(
    [v.number(deliveryMsg.type), v.pipe(v.string(deliveryMsg.type), v.regex(/^\d+$/, deliveryMsg.type))],
    deliveryMsg.type,
  ),
  v.transform(Number),
  v.picklist(Object.values(DeliveryType), deliveryMsg.type),
);

export const carrierId = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union([v.null(), v.pipe(id, v.picklist(Object.values(Carrier), deliveryMsg.carrier))], deliveryMsg.carrier),
    ),
  ),
  null,
);

/**
 * Y-m-d; `future` when creating (date picker type 'future'), else any valid date (the service refuses a new past date).
 */
export const dateField = (required: boolean, future: boolean) => {
  const valid = future
    ? v.pipe(v.string(msg.date), calendarDate, notBeforeToday)
    : v.pipe(v.string(msg.date), calendarDate);
  return required
    ? requiredValue(valid, msg.required)
    : v.optional(v.nullable(v.pipe(v.unknown(), v.transform(blankToNull), v.union([v.null(), valid], msg.date))), null);
};

export const optionalEmail = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union(
        [v.null(), v.pipe(v.string(), v.trim(), v.email(msg.email), v.maxLength(255, msg.tooLong(255)))],
        msg.email,
      ),
    ),
  ),
  null,
);
export const requiredEmail = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.nonEmpty(msg.required),
  v.email(msg.email),
  v.maxLength(255, msg.tooLong(255)),
);

const amount = v.optional(
  v.pipe(
    v.union(
      [v.number(deliveryMsg.amount), v.pipe(v.string(deliveryMsg.amount), v.regex(/^\d+$/, deliveryMsg.amount))],
      deliveryMsg.amount,
    ),
    v.transform(Number),
    v.integer(deliveryMsg.amount),
    v.minValue(1, deliveryMsg.amount),
    v.maxValue(10_000, deliveryMsg.amount),
  ),
  1,
);

const pickupFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false'])], msg.choose),
    v.transform((x): 0 | 1 => (x === true || x === 1 || x === '1' || x === 'true' ? 1 : 0)),
  ),
  0,
);

/** One requested line: an article (deliver) or an item (pick up, or a chosen replacement). */
const deliveryLineSchema = v.object(
  {
    product_id: optionalId,
    item_id: optionalId,
    is_pickup: pickupFlag,
    amount,
  },
  msg.required,
);
export type DeliveryLineInput = v.InferOutput<typeof deliveryLineSchema>;

export const lines = (minimum: number, message: string) =>
  v.pipe(
    // The length is checked before any line: a form field can carry a megabyte of JSON text.
    v.optional(
      v.pipe(
        v.unknown(),
        v.transform(jsonText),
        v.check((x) => !Array.isArray(x) || x.length <= MAX_LIST.lines, msg.tooMany(MAX_LIST.lines)),
        v.array(deliveryLineSchema, message),
      ),
      [],
    ),
    v.check((list) => list.length >= minimum, message),
  );
