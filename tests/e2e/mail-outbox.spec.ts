/**
 * Issue 45 point 3: a mail the mail server refused stays visible to the Superuser, with the reason, and
 * 'Opnieuw versturen' sends it again. The refusal itself is the API tests' (tests/api/mail-outbox.test.ts,
 * against a real SMTP server); here the outbox holds one as the worker leaves it.
 */
import { test, expect } from './fixtures';

test('the Superuser finds a refused mail under Instellingen and sends it again', async ({
  page,
  portal,
  signedInAs,
}) => {
  const refused = await portal.db
    .insertInto('mail_outbox')
    .values({
      recipient: 'olga@onbekend-bedrijf.nl',
      subject: 'Activeer je account',
      body_text: 'Activeer je account via https://portaal/activeren/x',
      status: 'failed',
      attempts: 1,
      last_error: '550 Mailbox unavailable',
      next_attempt_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await signedInAs('beheerder@demo.local');
  await page.goto('/instellingen');
  await page.getByRole('link', { name: 'Mailwachtrij' }).click();
  await expect(page).toHaveURL(/\/mailwachtrij$/);
  await expect(page.locator('.topbar').getByRole('heading', { level: 1 })).toHaveText('Mailwachtrij');
  await expect(page.getByText('Wachtend: 0. Mislukt: 1.')).toBeVisible();
  const row = page.getByTestId('mail-row').filter({ hasText: 'olga@onbekend-bedrijf.nl' });
  await expect(row).toContainText('Activeer je account');
  await expect(row).toContainText('Mislukt');
  await expect(row).toContainText('550 Mailbox unavailable');

  const before = portal.mails().length;
  await row.getByRole('button', { name: 'Opnieuw versturen' }).click();
  await expect(page.locator('.toast')).toContainText('De e-mail wordt opnieuw verstuurd');
  // The worker sends it (as an .eml file without SMTP_URL); the list follows by itself.
  await expect(page.getByText('Alle e-mails zijn verstuurd.')).toBeVisible();
  expect(portal.mails()).toHaveLength(before + 1);
  expect(portal.mails().at(-1)).toContain('olga@onbekend-bedrijf.nl');
  const row2 = await portal.db
    .selectFrom('mail_outbox')
    .select(['status'])
    .where('id', '=', refused.id)
    .executeTakeFirstOrThrow();
  expect(row2.status).toBe('sent');
});

test('the Magazijn user sees no mail queue in Instellingen and is refused at its address', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('magazijn@demo.local');
  await page.goto('/instellingen');
  await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mailwachtrij' })).toHaveCount(0);
  await page.goto('/mailwachtrij');
  await expect(page.getByText('Geen toegang').first()).toBeVisible();
});
