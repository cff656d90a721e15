/** Answers of the pre-notification calls (spec 2 §3 ASN, §7), shared by server and web. */
import * as v from 'valibot';
import type { asnSchema } from '../schemas/prenotifications';
import { pagedSchema } from '../paged';
import { idName, nullableString, timestamp } from './wire';

const asnListRowSchema = v.object({
  id: v.number(),
  client_id: v.number(),
  client_name: v.string(),
  w_number: nullableString,
  reference: v.string(),
  expected: v.nullable(timestamp),
  created_at: timestamp,
  completed_at: v.nullable(timestamp),
  partial_delivery: v.boolean(),
  project_number: nullableString,
  quantity: v.number(),
  arrived: v.number(),
});
export type AsnListRow = v.InferOutput<typeof asnListRowSchema>;
/** GET /asns and /asns-archive. */
export const asnListSchema = pagedSchema(asnListRowSchema);

const asnLineSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  expected: v.number(),
  arrived: v.number(),
  daas: v.boolean(),
  stock_owner: nullableString,
  product: v.object({
    id: v.number(),
    name: v.string(),
    description: nullableString,
    article_number: v.string(),
    product_group_id: v.number(),
  }),
});
export type AsnLine = v.InferOutput<typeof asnLineSchema>;

/** GET /asns/{id}. */
export const asnDetailSchema = v.object({
  id: v.number(),
  reference: v.string(),
  w_number: nullableString,
  client_id: v.number(),
  client: idName,
  project_id: v.nullable(v.number()),
  project_number: nullableString,
  user: v.nullable(idName),
  created_at: timestamp,
  expected: v.nullable(timestamp),
  partial_delivery: v.boolean(),
  start_date_contract: v.nullable(timestamp),
  end_date_contract: v.nullable(timestamp),
  daas: v.boolean(),
  stock_owner: v.string(),
  comment: nullableString,
  completed_at: v.nullable(timestamp),
  complete: v.boolean(),
  products: v.array(asnLineSchema),
});
export type AsnDetail = v.InferOutput<typeof asnDetailSchema>;

const asnProductRowSchema = v.object({
  id: v.number(),
  asn_id: v.number(),
  name: v.string(),
  description: nullableString,
  article_number: v.string(),
  reference: v.string(),
  quantity: v.number(),
  arrived: v.number(),
  expected: v.nullable(timestamp),
  created_at: timestamp,
});
export type AsnProductRow = v.InferOutput<typeof asnProductRowSchema>;
/** GET /asnproducts/{id}. */
export const asnProductListSchema = pagedSchema(asnProductRowSchema);

/** POST /asns and PUT /asns/{id}: the toast text and the pre-notification as it is now. */
export const asnAnswerSchema = v.object({ message: v.string(), data: asnDetailSchema });
export type AsnAnswer = v.InferOutput<typeof asnAnswerSchema>;

/** GET /asn-form-options/{clientId}: the end customer's active articles and projects for the form. */
export const formOptionsSchema = v.object({
  products: v.array(
    v.object({ id: v.number(), name: v.string(), article_number: v.string(), product_group_id: v.number() }),
  ),
  projects: v.array(v.object({ id: v.number(), number: v.string() })),
});
export type FormOptions = v.InferOutput<typeof formOptionsSchema>;

/** A line of the check-in modal's bulk product list (spec 2 §3 'Bulk product list'). */
const checkInProductSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  name: v.string(),
  article_number: v.string(),
  expected: v.number(),
  arrived: v.number(),
  product_group_id: v.number(),
});
export type CheckInProduct = v.InferOutput<typeof checkInProductSchema>;
/** GET /getasnproducts/{id}. */
export const checkInProductListSchema = v.array(checkInProductSchema);

const checkInResultSchema = v.object({
  /** The pre-notification. */
  id: v.number(),
  /** How many items were made. */
  created: v.number(),
  /** Whether the pre-notification is complete now (everything arrived, or finished as a partial delivery). */
  completed: v.boolean(),
  items: v.array(v.object({ id: v.number(), serial: nullableString, product_id: v.number() })),
});
export type CheckInResult = v.InferOutput<typeof checkInResultSchema>;
/** POST /delivery/save and /delivery/save-and-finish (also the answer a replay from the outbox gets). */
export const checkInAnswerSchema = v.object({ message: v.string(), data: checkInResultSchema });
export type CheckInAnswer = v.InferOutput<typeof checkInAnswerSchema>;

const serialLookupSchema = v.object({
  serial: v.string(),
  available: v.boolean(),
  /** Why it cannot be checked in; null when available. */
  message: nullableString,
  /** The live item holding the serial, when the caller may see it. */
  item: v.nullable(v.object({ id: v.number(), status_id: v.number(), product_id: v.number() })),
});
export type SerialLookup = v.InferOutput<typeof serialLookupSchema>;
/** POST /items/scanitems: per serial whether it can still be checked in. */
export const serialLookupAnswerSchema = v.object({ data: v.array(serialLookupSchema) });

/** POST /asns and PUT /asns/{id}: the form's values, checked with the same schema before sending. */
export type AsnPayload = v.InferInput<ReturnType<typeof asnSchema>>;
