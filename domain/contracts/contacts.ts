/** Answers of the contact commands (spec 1 §3 Contact, §7), shared by server and web. */
import * as v from 'valibot';
import { contactSchema } from './clients';
import { nullableNumber } from './wire';

/** A contact as in GET /clients/{id}, with its user's id when it has an account. */
export const contactDetailSchema = v.object({
  ...contactSchema.entries,
  reseller_end_client: v.array(v.object({ endclient_id: v.number() })),
  user_id: nullableNumber,
});
export type ContactDetail = v.InferOutput<typeof contactDetailSchema>;

/** POST /contacts, PUT /contacts/{id}: the toast text, the contact, and whether the invitation went out. */
export const contactAnswerSchema = v.object({
  message: v.string(),
  data: contactDetailSchema,
  activation_mail_sent: v.boolean(),
});
export type ContactAnswer = v.InferOutput<typeof contactAnswerSchema>;
