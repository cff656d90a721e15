/** Answers of the mail-outbox calls (issue 45: mails that wait out an outage), shared by server and web. */
import * as v from 'valibot';
import { nullableString, timestamp } from './wire';

export const mailStatusLabels = { queued: 'Wacht op verzending', failed: 'Mislukt' } as const;

const mailRowSchema = v.object({
  id: v.number(),
  recipient: v.string(),
  subject: v.string(),
  status: v.picklist(['queued', 'failed']),
  attempts: v.number(),
  /** The mail server's last answer or the connection's error. */
  last_error: nullableString,
  created_at: timestamp,
  /** When a waiting mail is tried next. */
  next_attempt_at: timestamp,
});
export type MailRow = v.InferOutput<typeof mailRowSchema>;

/** GET /mail-outbox: the mails not yet sent, newest first: still being tried, or given up. */
export const mailOutboxSchema = v.object({ data: v.array(mailRowSchema) });
