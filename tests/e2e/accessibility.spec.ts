import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test, expect } from './fixtures';
import { settled } from './walk';

/**
 * The pages people use daily pass axe's WCAG 2 A/AA and best-practice rules (issue 24: Lighthouse's
 * accessibility score ≥ 0.95 is mostly these): each cell of a table has a header, a tab list holds tabs only.
 */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = [
  '/',
  '/crm',
  '/voorraad',
  '/voormeldingen',
  '/leveringen',
  '/leveringen?tab=backorders',
  '/reparaties',
  '/eol',
  '/gebruikersbeheer',
];

test('the daily pages break no WCAG A/AA or best-practice rule of axe', async ({ page, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  const found: string[] = [];
  for (const url of PAGES) {
    await page.goto(url);
    await settled(page);
    // Evaluated through the browser's debugging protocol: the portal's CSP rightly refuses an inline script.
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: Document,
              options: object,
            ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
      return result.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => JSON.stringify(n.target))
            .join(', ')}`,
      );
    });
    found.push(...violations.map((v) => `${url} ${v}`));
  }
  expect(found).toEqual([]);
});

test('a user who asks the system for less motion gets dialogs without animation', async ({ page, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  await settled(page);
  const dialogAnimation = async () => {
    await page.getByRole('button', { name: 'Nieuwe klant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await expect(dialog).toBeVisible();
    const animation = await dialog.evaluate((el) => getComputedStyle(el).animationName);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);
    return animation;
  };
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await dialogAnimation()).toBe('modal-in');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await dialogAnimation()).toBe('none');
});
