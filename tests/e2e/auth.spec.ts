import type { Page } from '@playwright/test';
import { test, expect, signIn, otpCode } from './fixtures';
import { createAuthToken } from '../../server/modules/auth/commands';
import { PASSWORD_MESSAGE } from '@domain/rules';

const ADMIN = 'beheerder@demo.local';
const NEW_PASSWORD = 'Nieuw-Wachtwoord1';
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** With SHOTS=1 the screens are saved to .tmp/shots/ to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `.tmp/shots/${name}.png`, fullPage: true });
}

/** The text of an .eml, undoing quoted-printable soft breaks and escapes. */
function mailText(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const topBarTitle = (page: Page) => page.locator('.topbar').getByRole('heading', { level: 1 });

test('a first sign-in sets up two-step verification and ends on the dashboard', async ({ page }) => {
  await page.goto('/inloggen');
  await expect(page).toHaveTitle(/Inloggen/);
  await shot(page, 'login');
  await page.getByLabel('E-mailadres').fill(ADMIN);
  await page.getByLabel('Wachtwoord').fill('Demo1234!');
  await page.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page).toHaveURL(/\/tweestapsverificatie$/);
  await expect(page.getByRole('link', { name: 'Google Authenticator in Google Play' })).toHaveAttribute(
    'href',
    /play\.google\.com/,
  );
  await expect(page.getByRole('link', { name: 'Microsoft Authenticator in de App Store' })).toHaveAttribute(
    'href',
    /apps\.apple\.com/,
  );
  await shot(page, '2fa-intro');
  await page.getByRole('link', { name: 'Volgende stap' }).click();

  await expect(page.getByRole('img', { name: 'QR-code voor je authenticator-app' })).toBeVisible();
  const shown = (await page.getByTestId('otp-secret').textContent())!;
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await shot(page, '2fa-setup');

  await page.getByLabel('Verificatiecode').fill('12345');
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(page.getByText('Vul een code van 6 cijfers in.')).toBeVisible();
  await page.getByLabel('Verificatiecode').fill(otpCode(shown.replace(/\s+/g, '')));
  await page.getByRole('button', { name: 'Activeren' }).click();

  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie is ingesteld' })).toBeVisible();
  await expect(page.getByText('Je wordt over 4 seconden automatisch doorgestuurd.')).toBeVisible();
  await shot(page, '2fa-success');
  // Sent on by itself after 4 seconds.
  await expect(topBarTitle(page)).toHaveText('Dashboard', { timeout: 8_000 });
  await expect(page).toHaveURL(/\/$/);
});

test("a wrong password or empty fields are refused with the spec's messages", async ({ page }) => {
  await page.goto('/inloggen');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Dit veld is verplicht.')).toHaveCount(2);
  await expect(page.getByLabel('E-mailadres')).toBeFocused();

  await page.getByLabel('E-mailadres').fill(ADMIN);
  await page.getByLabel('Wachtwoord').fill('Verkeerd1!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Deze combinatie van e-mailadres en wachtwoord is niet geldig.')).toBeVisible();
  await shot(page, 'login-failed');
  await expect(page).toHaveURL(/\/inloggen$/);
});

test('a second sign-in asks for the code, refuses a wrong one and then opens the page asked for', async ({
  page,
  browser,
  portal,
}) => {
  const secret = await signIn(page, ADMIN);

  const context = await browser.newContext({ baseURL: portal.url });
  const second = await context.newPage();
  await second.goto('/crm');
  await expect(second).toHaveURL(/\/inloggen\?redirect=/);
  await second.getByLabel('E-mailadres').fill(ADMIN);
  await second.getByLabel('Wachtwoord').fill('Demo1234!');
  await second.getByRole('button', { name: 'Inloggen' }).click();

  await expect(second.getByRole('heading', { name: 'Verificatiecode' })).toBeVisible();
  await expect(second.getByTestId('otp-secret')).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Activeren' })).toHaveCount(0);
  await expect(second.getByLabel('Verificatiecode')).toHaveAttribute('inputmode', 'numeric');
  await expect(second.getByLabel('Verificatiecode')).toHaveAttribute('autocomplete', 'one-time-code');
  await shot(second, '2fa-code');

  const wrong = otpCode(secret, 30_000) === '000000' ? '111111' : '000000';
  await second.getByLabel('Verificatiecode').fill(wrong);
  await second.getByRole('button', { name: 'Verifiëren' }).click();
  await expect(second.getByText('Verificatiecode is niet correct of is verlopen.')).toBeVisible();
  await shot(second, '2fa-code-wrong');

  // The set-up used this time step's code; a code is used once, so take the next step's.
  await second.getByLabel('Verificatiecode').fill(otpCode(secret, 30_000));
  await second.getByRole('button', { name: 'Verifiëren' }).click();
  await expect(topBarTitle(second)).toHaveText('CRM');
  await expect(second).toHaveURL(/\/crm$/);
  await context.close();
});

test('the two-step screens send a visitor without a session to the login', async ({ page, portal }) => {
  await page.goto('/tweestapsverificatie/qr');
  await expect(page).toHaveURL(/\/inloggen$/);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();

  // A session that ends while the code screen is open.
  await page.getByLabel('E-mailadres').fill(ADMIN);
  await page.getByLabel('Wachtwoord').fill('Demo1234!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('link', { name: 'Volgende stap' }).click();
  await expect(page.getByTestId('otp-secret')).toBeVisible();
  await portal.db.deleteFrom('sessions').execute();
  await page.getByLabel('Verificatiecode').fill('123456');
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
});

test('a forgotten password is replaced through the link in the mail', async ({ page, portal }) => {
  await page.goto('/inloggen');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('niemand@demo.local');
  await page.getByRole('button', { name: 'Verstuur link' }).click();
  await expect(page.getByText('E-mailadres niet gevonden')).toBeVisible();
  await shot(page, 'forgot-not-found');

  await page.getByLabel('E-mailadres').fill(ADMIN);
  await page.getByRole('button', { name: 'Verstuur link' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
  await expect(page).toHaveURL(/\/wachtwoord-vergeten\/succes$/);
  await shot(page, 'forgot-success');

  // The mail leaves through the outbox a moment after the answer.
  const resetLink = () => {
    const last = portal.mails().at(-1);
    return last ? /https?:\/\/\S+\/wachtwoord-vernieuwen\/[\w-]+\?email=\S+/.exec(mailText(last))?.[0] : undefined;
  };
  await expect.poll(resetLink, { message: 'the mail holds a reset link' }).toBeTruthy();
  const link = resetLink();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Wachtwoord vernieuwen' })).toBeVisible();
  await expect(page.getByLabel('E-mailadres')).toHaveValue(ADMIN);

  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('zwak');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('anders');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText(PASSWORD_MESSAGE)).toBeVisible();
  await expect(page.getByText('De wachtwoorden komen niet overeen.')).toBeVisible();
  await shot(page, 'reset-errors');

  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('heading', { name: 'Je wachtwoord is vernieuwd' })).toBeVisible();
  await shot(page, 'reset-success');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible({ timeout: 8_000 });
  await expect(page).toHaveURL(/\/inloggen$/);

  // The link works once.
  await page.goto(link!);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Deze link is ongeldig of verlopen. Vraag een nieuwe aan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nieuwe link aanvragen' })).toBeVisible();
  await shot(page, 'reset-used-link');

  await signIn(page, ADMIN, NEW_PASSWORD);
  await expect(topBarTitle(page)).toHaveText('Dashboard', { timeout: 8_000 });
});

test('an invited user activates the account and goes on to the two-step set-up', async ({ page, portal }) => {
  const client = await portal.db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow();
  const contact = await portal.db
    .insertInto('contacts')
    .values({
      client_id: client.id,
      first_name: 'Ilse',
      last_name: 'Uitgenodigd',
      title: 'Planner',
      phone: '0201234567',
      email: 'ilse@demo.local',
      has_account: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await portal.db
    .insertInto('users')
    .values({
      contact_id: contact.id,
      name: 'Ilse Uitgenodigd',
      email: 'ilse@demo.local',
      password_hash: null,
      activated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createAuthToken(portal.db, user.id, 'activation');

  await page.goto(`/activeren/${token}`);
  await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await shot(page, 'activate');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByText('Je moet de gebruiksvoorwaarden accepteren.')).toBeVisible();
  await expect(page.getByText('Dit veld is verplicht.').first()).toBeVisible();
  await shot(page, 'activate-errors');

  const terms = page.getByRole('link', { name: 'gebruiksvoorwaarden' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), terms.click()]);
  await expect(popup.getByRole('heading', { name: 'Gebruiksvoorwaarden', level: 1 })).toBeVisible();
  if (process.env.SHOTS) await popup.screenshot({ path: '.tmp/shots/terms.png' });
  await popup.close();

  await page.getByLabel('Wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal wachtwoord').fill(NEW_PASSWORD);
  await page.getByLabel(/Ik ga akkoord met de gebruiksvoorwaarden/).check();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();

  await expect(page).toHaveURL(/\/tweestapsverificatie$/);
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volgende stap' })).toBeVisible();
});

test('browsers other than Chrome, Edge and Safari get a notice on the login page', async ({ browser, portal }) => {
  const notice = 'Deze browser wordt niet ondersteund.';
  const firefox = await browser.newContext({ baseURL: portal.url, userAgent: FIREFOX_UA });
  const firefoxPage = await firefox.newPage();
  await firefoxPage.goto('/inloggen');
  await expect(firefoxPage.getByText(notice)).toBeVisible();
  await shot(firefoxPage, 'login-firefox');
  await firefox.close();

  const chrome = await browser.newContext({ baseURL: portal.url, userAgent: CHROME_UA });
  const chromePage = await chrome.newPage();
  await chromePage.goto('/inloggen');
  await expect(chromePage.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await expect(chromePage.getByText(notice)).toHaveCount(0);
  await chrome.close();
});

test('an unknown path shows the not-found page with a link to the start screen', async ({ page }) => {
  await page.goto('/bestaat-niet');
  await expect(page.getByText('Pagina kan niet worden gevonden!')).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('link', { name: 'Naar het startscherm' }).click();
  // Without a session the start screen asks to sign in first.
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
});

test('the login screen fits a tablet', async ({ browser, portal }) => {
  const tablet = await browser.newContext({
    baseURL: portal.url,
    viewport: { width: 820, height: 1180 },
    hasTouch: true,
  });
  const page = await tablet.newPage();
  await page.goto('/inloggen');
  const box = (await page.getByRole('button', { name: 'Inloggen' }).boundingBox())!;
  expect(box.x).toBeGreaterThan(0);
  expect(box.x + box.width).toBeLessThan(820);
  await shot(page, 'login-tablet');
  await tablet.close();
});
