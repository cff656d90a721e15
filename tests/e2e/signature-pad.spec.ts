import { devices } from '@playwright/test';
import { test, expect } from './fixtures';

/** The signature pad on a phone: drawn with a finger (touch events through the DevTools protocol). */
test.use({ ...devices['Pixel 7'], browserName: 'chromium' });

test('a finger draws a signature that becomes a PNG; Wissen clears it', async ({ page, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/ui-kit');
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  await expect(pad).toHaveAccessibleName('Handtekening');
  const box = (await pad.boundingBox())!;
  expect(Math.round(box.width)).toBe(300);
  expect(Math.round(box.height)).toBe(300);
  expect(await pad.evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');

  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd' ? [] : [{ x: box.x + x, y: box.y + y, radiusX: 2, radiusY: 2, force: 0.6, id: 1 }],
    });
  await touch('touchStart', 30, 200);
  for (let i = 1; i <= 40; i++) await touch('touchMove', 30 + i * 6, 200 - Math.sin(i / 4) * 60);
  await touch('touchEnd', 0, 0);

  const value = page.getByTestId('kit-signature-value');
  await expect(value).toHaveText(/^PNG \d+ bytes$/);
  const bytes = Number((await value.textContent())!.match(/\d+/)![0]);
  console.log(`signature PNG: ${bytes} bytes`);
  expect(bytes).toBeGreaterThan(500);
  expect(bytes).toBeLessThan(64 * 1024);
  await expect(page.getByText('Handtekening gezet.')).toBeVisible();
  // The page did not scroll while drawing (touch-action none).
  await page.getByRole('button', { name: 'Wissen' }).click();
  await expect(value).toHaveText('leeg');
  await expect(page.getByText('Teken hier met vinger, pen of muis.')).toBeVisible();
});
