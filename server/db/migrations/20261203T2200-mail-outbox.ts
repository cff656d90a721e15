import { sql, type Kysely } from 'kysely';

/**
 * Mails wait in the database until a worker has handed them to SMTP (issue 45): a command writes its
 * mail in its own transaction, so a mail is never lost to an SMTP outage nor sent for a command that
 * rolled back. Attachments (a quotation's PDF) are kept apart so a claim reads only the small rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table mail_outbox (
    id serial primary key,
    recipient text not null,
    subject text not null,
    body_text text not null,
    status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`.execute(db);
  await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'queued'`.execute(db);
  await sql`create index mail_outbox_status_idx on mail_outbox (status, created_at)`.execute(db);
  await sql`create table mail_attachments (
    id serial primary key,
    mail_id integer not null references mail_outbox (id) on delete cascade,
    filename text not null,
    content_type text,
    content bytea not null
  )`.execute(db);
  await sql`create index mail_attachments_mail_idx on mail_attachments (mail_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists mail_attachments`.execute(db);
  await sql`drop table if exists mail_outbox`.execute(db);
}
