/**
 * Issue 45 point 3: a mail is written in its command's transaction and sent by the mail worker, which
 * waits out a mail server that is down and shows a refused mail to the Superuser.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import { startSmtpCapture } from '../support/smtp';
import { freePort } from '../support/free-port';
import { within } from '../support/within';
import type { ApiClient } from '../support/client';
import { createMetrics } from '../../server/metrics/metrics';
import { mailCounts } from '../../server/modules/mail/outbox';

type Capture = Awaited<ReturnType<typeof startSmtpCapture>>;

describe('a mail asked for while the mail server is down', () => {
  let port: number;
  let ctx: TestContext;
  let smtp: Capture | null = null;

  beforeAll(async () => {
    port = await freePort();
    // The worker looks every second by itself, as in the running portal.
    ctx = await createTestContext({ smtpUrl: `smtp://127.0.0.1:${port}`, mailPollMs: 1_000 });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp?.close();
  });

  it('answers at once, and arrives once within a minute of the server being back', async () => {
    const browser = ctx.client();
    await browser.fetchToken();
    const started = performance.now();
    const asked = await browser.post('/api/auth/password-recover', { email: 'klant@demo.local' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('Er is een e-mail verstuurd met een link om je wachtwoord te herstellen.');
    expect(performance.now() - started).toBeLessThan(5_000);

    const row = () =>
      ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', 'klant@demo.local')
        .executeTakeFirstOrThrow();
    await within(20_000, async () => (await row()).last_error !== null);
    expect(await row()).toMatchObject({ status: 'queued', sent_at: null });
    expect((await row()).last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpCapture({ port });
    const back = performance.now();
    const capture = smtp;
    await within(60_000, () => capture.to('klant@demo.local').length > 0);
    console.log(`mail arrived ${Math.round(performance.now() - back)} ms after the mail server was back`);
    expect(capture.to('klant@demo.local')[0]?.text).toMatch(
      /wachtwoord-vernieuwen\/[A-Za-z0-9_-]+\?email=klant%40demo\.local/,
    );
    // Two more of the worker's rounds: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(capture.to('klant@demo.local')).toHaveLength(1);
    expect(await row()).toMatchObject({ status: 'sent', last_error: null });
  }, 90_000);
});

describe('a mail the mail server refuses', () => {
  let ctx: TestContext;
  let smtp: Capture;
  let admin: ApiClient;
  const address = 'onbekend@voorbeeld.nl';

  beforeAll(async () => {
    smtp = await startSmtpCapture({ refused: new Set([address]) });
    ctx = await createTestContext({ smtpUrl: smtp.url });
    admin = await ctx.client().signIn('beheerder@demo.local');
  });
  afterEach(() => smtp.refused.clear());
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("is given up, shown to the Superuser with the reason, and sent with 'Opnieuw versturen'", async () => {
    const contact = {
      first_name: 'Olga',
      last_name: 'Onbekend',
      title: 'Inkoper',
      phone: '0612345678',
      email: address,
    };
    const created = await admin.post('/api/contacts', { ...contact, client_id: 1, has_account: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.activation_mail_sent).toBe(true);
    await ctx.mail.send();
    expect(smtp.to(address)).toHaveLength(0);

    const list = await admin.get('/api/mail-outbox');
    expect(list.status).toBe(200);
    const failed = list.body.data.find((m: { recipient: string }) => m.recipient === address);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      subject: 'Activeer je account voor het Reuzado Portaal',
    });
    expect(failed.last_error).toMatch(/550/);

    const metrics = createMetrics({ mailCounts: () => mailCounts(ctx.db) });
    expect(await metrics.registry.getSingleMetricAsString('mail_outbox_messages')).toMatch(
      /mail_outbox_messages\{status="failed"\} 1/,
    );

    smtp.refused.clear();
    const resent = await admin.post(`/api/mail-outbox/${failed.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('De e-mail wordt opnieuw verstuurd');
    expect(await ctx.mail.send()).toBe(1);
    expect(smtp.to(address)).toHaveLength(1);
    expect(smtp.to(address)[0]?.text).toMatch(/activeren\/[A-Za-z0-9_-]+/);
    expect((await admin.get('/api/mail-outbox')).body.data.some((m: { id: number }) => m.id === failed.id)).toBe(false);

    const again = await admin.post(`/api/mail-outbox/${failed.id}/resend`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Deze e-mail is niet mislukt: hij staat al in de wachtrij of is verstuurd.');
  });

  it("is the Superuser's alone: a user with the right but not the role gets 403", async () => {
    const row = await ctx.db.selectFrom('roles').select('id').where('name', '=', 'Magazijn').executeTakeFirstOrThrow();
    const right = await ctx.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Gebruiker wijzigen')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('permission_role').values({ role_id: row.id, permission_id: right.id }).execute();
    const warehouse = await ctx.client().signIn('magazijn@demo.local');
    const answer = await warehouse.get('/api/mail-outbox');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Alleen een Superuser beheert de mailwachtrij.');
  });

  it('is not sent for a command that was refused: nothing is queued', async () => {
    const before = await ctx.db.selectFrom('mail_outbox').select('id').execute();
    const refused = await admin.post('/api/contacts', { client_id: 1, has_account: true, email: 'half@voorbeeld.nl' });
    expect(refused.status).toBe(422);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });
});
