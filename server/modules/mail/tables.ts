import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';

export type MailStatus = 'queued' | 'sent' | 'failed';

/** Mails waiting for, or done with, the mail worker (migration 20261203T2200-mail-outbox). */
interface MailTables {
  mail_outbox: {
    id: Generated<number>;
    recipient: string;
    subject: string;
    body_text: string;
    status: Generated<MailStatus>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    /** A worker's claim: no other worker takes the mail before then. */
    locked_until: Date | null;
    last_error: string | null;
    created_at: CreatedAt;
    sent_at: Date | null;
  };
  mail_attachments: {
    id: Generated<number>;
    mail_id: number;
    filename: string;
    content_type: string | null;
    content: Buffer;
  };
}

declare module '../../db/database' {
  interface Database extends MailTables {}
}
