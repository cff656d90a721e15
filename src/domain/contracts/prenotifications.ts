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
  product: v.object({ id: v.number(), name: v.string(), description: nullableString, article_number: v.string(), product_group_id: v.number() }),
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

export interface FormOptions {
  products: { id: number; name: string; article_number: string; product_group_id: number }[];
  projects: { id: number; number: string }[];
}

/** POST /asns and PUT /asns/{id}: the form's values, checked with the same schema before sending. */
export type AsnPayload = v.InferInput<ReturnType<typeof asnSchema>>;
