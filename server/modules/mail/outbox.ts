import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { MailMessage } from '../../lib/mail';
import './tables';

/**
 * Puts a mail in the outbox, in the caller's transaction: it is sent once that commits (by the mail
 * worker, ./worker.ts), and never when it rolls back.
 */
export async function queueMail(db: Executor, message: MailMessage): Promise<void> {
  const { id } = await db
    .insertInto('mail_outbox')
    .values({ recipient: message.to, subject: message.subject, body_text: message.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!message.attachments?.length) return;
  await db
    .insertInto('mail_attachments')
    .values(
      message.attachments.map((a) => ({
        mail_id: id,
        filename: a.filename,
        content_type: a.contentType ?? null,
        content: a.content,
      })),
    )
    .execute();
}

export interface ClaimedMail {
  id: number;
  message: MailMessage;
  attempts: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` due mails for `leaseSeconds`: no other worker, in this process or another,
 * takes them meanwhile (SKIP LOCKED passes over the rows another claim is writing).
 */
export async function claimDueMails(db: Executor, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable('mail_outbox')
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .returning(['id', 'recipient', 'subject', 'body_text', 'attempts', 'created_at'])
    .execute();
  if (!rows.length) return [];
  const attachments = await db
    .selectFrom('mail_attachments')
    .select(['mail_id', 'filename', 'content_type', 'content'])
    .where(
      'mail_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => {
      const own = attachments.filter((a) => a.mail_id === row.id);
      return {
        id: row.id,
        attempts: row.attempts,
        createdAt: row.created_at,
        message: {
          to: row.recipient,
          subject: row.subject,
          text: row.body_text,
          ...(own.length
            ? {
                attachments: own.map((a) => ({
                  filename: a.filename,
                  content: Buffer.from(a.content),
                  ...(a.content_type ? { contentType: a.content_type } : {}),
                })),
              }
            : {}),
        },
      };
    });
}

export async function markSent(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: sql`now()`, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A try that failed: tried again after `retryInMs`, or given up (`retryInMs` null) and shown to the Superuser. */
export async function markNotSent(db: Executor, id: number, reason: string, retryInMs: number | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      locked_until: null,
      last_error: reason.slice(0, 1000),
      ...(retryInMs === null
        ? { status: 'failed' }
        : { next_attempt_at: sql`now() + make_interval(secs => ${retryInMs / 1000})` }),
    })
    .where('id', '=', id)
    .execute();
}

/** A claimed mail put back untried (the mail server went away before its turn): its try is not counted. */
export async function putBack(db: Executor, id: number, retryInMs: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      locked_until: null,
      attempts: sql`attempts - 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where('id', '=', id)
    .execute();
}

/** A failed mail back in the queue, tried at once ('Opnieuw versturen'); false when it was not failed. */
export async function requeueFailedMail(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: sql`now()`, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many mails each status holds (the metrics' gauge). */
export async function mailCounts(db: Executor): Promise<Record<'queued' | 'sent' | 'failed', number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Sent mails are kept this long (for questions about them), then deleted by the housekeeping. */
const SENT_KEPT_DAYS = 30;

export async function purgeSentMails(db: Executor): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${SENT_KEPT_DAYS})`)
    .execute();
}
