/** Answers of the repair calls (spec 2 §2.9, §2.10, §3 Repair, §7 Repairs), shared by server and web. */
import * as v from 'valibot';
import { QuotationStatus } from '../enums';
import { pagedSchema } from '../paged';
import { idName, namedEventFields, nullableString, timestamp } from './wire';

const quotationDecision = v.picklist(Object.values(QuotationStatus));

/** The quotation's validity by the server's clock (domain/quotation.ts). */
export const quotationValiditySchema = v.object({
  age_days: v.number(),
  /** 30 minus the age; 0 once expired. */
  days_left: v.number(),
  expired: v.boolean(),
  /** 'Offerte is nog N dag(en) geldig' or 'Offerte is verlopen'. */
  text: v.string(),
  /** Accept and refuse: only while pending (no decision) and under 30 days old. */
  can_decide: v.boolean(),
});
export type QuotationValidity = v.InferOutput<typeof quotationValiditySchema>;

const repairListRowSchema = v.object({
  id: v.number(),
  order_number: nullableString,
  /** Serienummer: the defect items' serials, comma separated. */
  serials: nullableString,
  /** Producten: the defect items' article names, comma separated. */
  products: nullableString,
  end_customer_id: v.number(),
  end_customer_name: v.string(),
  /** Eindgebruiker: the end user the repair is for (null when requested for the end customer). */
  end_user_name: nullableString,
  /** Datum melding. */
  created_at: timestamp,
  /** Afgerond op: when the status became 'Reparatie afgerond'. */
  finished_repair: v.nullable(timestamp),
  /** Topdesknummer. */
  w_number: nullableString,
  status: idName,
  is_cancelled: v.boolean(),
});
/** A row of GET /repairdeliveries (spec 2 §2.9). */
export type RepairListRow = v.InferOutput<typeof repairListRowSchema>;
/** GET /repairdeliveries. */
export const repairListSchema = pagedSchema(repairListRowSchema);

const repairFileSchema = v.object({
  id: v.number(),
  disk: v.picklist(['images', 'quotations']),
  name: v.string(),
  original_url: v.string(),
  created_at: timestamp,
});
export type RepairFile = v.InferOutput<typeof repairFileSchema>;

const repairQuotationSchema = v.object({
  ...repairFileSchema.entries,
  status_quotation: v.nullable(quotationDecision),
  date_quotation: v.nullable(timestamp),
  /** Validity by the server's clock: 'Offerte is nog N dag(en) geldig' / 'Offerte is verlopen', can_decide. */
  validity: quotationValiditySchema,
});
export type RepairQuotation = v.InferOutput<typeof repairQuotationSchema>;

const repairProduct = v.object({ id: v.number(), name: v.string(), article_number: v.string() });

/** GET /repairs/{id}: the repair page (spec 2 §2.10). */
export const repairDetailSchema = v.object({
  id: v.number(),
  order_number: nullableString,
  status: idName,
  created_at: timestamp,
  client_id: v.number(),
  end_customer: idName,
  end_user: v.nullable(idName),
  /** Defect items (picked up) and replacements (delivered: an item, or an article still to choose). */
  defect_items: v.array(v.object({ id: v.number(), serial: nullableString, product: repairProduct })),
  replacements: v.array(
    v.object({ product: repairProduct, item: v.nullable(v.object({ id: v.number(), serial: nullableString })) }),
  ),
  description: nullableString,
  /** Ophaaldatum and pickup location. */
  date: nullableString,
  address: nullableString,
  your_reference: nullableString,
  w_number: nullableString,
  contact: nullableString,
  contact_email: nullableString,
  contact_phone: nullableString,
  completed_at: v.nullable(timestamp),
  finished_repair: v.nullable(timestamp),
  is_cancelled: v.boolean(),
  repair_description: nullableString,
  status_quotation: v.nullable(quotationDecision),
  date_quotation: v.nullable(timestamp),
  /** Every file as spec 2 §3 names it (disk 'images' or 'quotations'). */
  media: v.array(repairFileSchema),
  images: v.array(repairFileSchema),
  quotation: v.nullable(repairQuotationSchema),
  /** The latest 5 entries, newest first: 'action op datetime uur door user'. */
  action_log: v.array(
    v.object({ action: v.string(), created_at: timestamp, user: v.nullable(v.object({ name: v.string() })) }),
  ),
  /** The mail dialog's choices: contacts of the client and its end customer with an e-mail, not deleted. */
  mail_contacts: v.array(
    v.object({ id: v.number(), first_name: v.string(), last_name: v.string(), email: v.string() }),
  ),
  /** What the signed-in user may do here (spec 2 §2.10, §4, §6). */
  can: v.object({
    change_status: v.boolean(),
    edit: v.boolean(),
    upload_images: v.boolean(),
    remove_images: v.boolean(),
    upload_quotation: v.boolean(),
    remove_quotation: v.boolean(),
    mail_quotation: v.boolean(),
    decide_quotation: v.boolean(),
    edit_remarks: v.boolean(),
  }),
});
export type RepairDetail = v.InferOutput<typeof repairDetailSchema>;

const repairEventRowSchema = v.object({ ...namedEventFields, serial: nullableString, user_name: nullableString });
/** A row of the activities page (spec 2 §2.14): Datum, Tijd, Omschrijving, Artikel. */
export type RepairEventRow = v.InferOutput<typeof repairEventRowSchema>;
/** GET /geteventsbyrepairid/{id}. */
export const repairEventListSchema = v.array(repairEventRowSchema);

/** The answer of a repair command: its toast text and the repair as it is now. */
export const repairCommandAnswerSchema = v.object({ message: v.string(), data: repairDetailSchema });
export type RepairAnswer = v.InferOutput<typeof repairCommandAnswerSchema>;

/** POST /deliveries/{id}/accept-or-deny-quotation: the decision and when it was taken, with the repair. */
export const quotationDecisionAnswerSchema = v.object({
  ...repairCommandAnswerSchema.entries,
  status_quotation: quotationDecision,
  date_quotation: timestamp,
});
