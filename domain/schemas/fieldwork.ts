import * as v from 'valibot';
import { fieldworkMsg, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from '../fieldwork';
import { id, MAX_LIST, msg, optionalText } from './common';

const serials = v.optional(
  v.pipe(
    v.array(
      v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(120, msg.tooLong(120))),
      msg.required,
    ),
    v.maxLength(10_000, msg.tooLong(10_000)),
  ),
  [],
);

const amount = v.pipe(
  v.union([v.number(msg.number), v.pipe(v.string(msg.number), v.regex(/^\d+$/, msg.number))], msg.number),
  v.transform(Number),
  v.integer(msg.number),
  v.minValue(1, msg.number),
  v.maxValue(10_000, msg.number),
);

/** Accessories (product group 3) are counted, not scanned: an amount per article. */
const accessories = v.optional(
  v.pipe(
    v.array(v.object({ product_id: id, amount }, msg.required), msg.required),
    v.maxLength(MAX_LIST.lines, msg.tooMany(MAX_LIST.lines)),
  ),
  [],
);

/** POST /delivery/checkout ('Artikelen uitklaren'): serials scanned and accessory amounts of one delivery. */
export const checkOutSchema = v.object({ id, serials, accessories }, msg.required);

/** POST /delivery/checkout/check: the serials scanned so far and the new ones, judged without checking out. */
export const checkOutCheckSchema = v.object(
  {
    id,
    serials: v.pipe(
      v.array(
        v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(120, msg.tooLong(120))),
        msg.required,
      ),
      v.minLength(1, msg.required),
      v.maxLength(10_000, msg.tooLong(10_000)),
    ),
  },
  msg.required,
);

/** POST /items/scanbulkitems: the same for a bulk delivery, named as spec 2 §7 names it. */
export const scanBulkItemsSchema = v.pipe(
  v.object({ delivery_id: id, serials, accessories }, msg.required),
  v.forward(
    v.partialCheck([['serials'], ['accessories']], (x) => x.serials.length + x.accessories.length > 0, msg.required),
    ['serials'],
  ),
);

const pickupFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1, '0', '1'])], msg.choose),
    v.transform((x): 0 | 1 => (x === true || x === 1 || x === '1' ? 1 : 0)),
  ),
  0,
);
const optionalId = v.optional(v.nullable(id), null);

/**
 * A ticked line: the item (or, for an accessory without item, the article) delivered or picked up.
 * `delivery_product_id` and `serial` (optional, beyond spec 2 §7) name the line exactly when the
 * finish was made before the server chose the items of waiting check-outs.
 */
const finishLineSchema = v.object(
  {
    item_id: optionalId,
    product_id: optionalId,
    is_pickup: pickupFlag,
    delivery_product_id: optionalId,
    serial: v.optional(v.nullable(v.pipe(v.string(msg.required), v.trim(), v.maxLength(120, msg.tooLong(120)))), null),
  },
  msg.required,
);

/** The signature as the canvas gives it: a PNG data URL of bounded size (the server checks the bytes). */
const signature = v.optional(
  v.nullable(
    v.pipe(
      v.string(fieldworkMsg.signatureInvalid),
      v.check((s) => s === '' || s.startsWith(SIGNATURE_DATA_URL_PREFIX), fieldworkMsg.signatureInvalid),
      v.maxLength(
        SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4,
        fieldworkMsg.signatureSize,
      ),
    ),
  ),
  null,
);

/** POST /finish/delivery (spec 2 §7): the ticked lines, the signature, who signed and when on the device. */
export const finishSchema = v.object(
  {
    id,
    delivery_type_id: optionalId,
    client_id: optionalId,
    items: v.optional(v.pipe(v.array(finishLineSchema, msg.required), v.maxLength(10_000, msg.tooLong(10_000))), []),
    /** Accepted for the spec's shape; the server writes the comment by the rule of spec 2 §4. */
    comment: optionalText(5000),
    backorder_items: v.optional(v.unknown()),
    handtekening: signature,
    signer_name: optionalText(160),
    signed_at: v.optional(
      v.nullable(
        v.pipe(
          v.string(fieldworkMsg.signedAtInvalid),
          v.check((s) => !Number.isNaN(Date.parse(s)), fieldworkMsg.signedAtInvalid),
        ),
      ),
      null,
    ),
  },
  msg.required,
);
export type FinishInput = v.InferOutput<typeof finishSchema>;
