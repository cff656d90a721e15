import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Opens `url` in the running app as its links do: the router shows the page without loading the
 * document again (a walk over every page then costs the browser the page's data, not the whole app
 * each time). Resolves once the app shows that page (`main[data-path]`, set when the router has
 * finished). The first visit, and a visit that changes only the search of the page shown, load the page.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const to = new URL(url, 'http://portal');
  if (!page.url().startsWith('http') || new URL(page.url()).pathname === to.pathname) {
    await page.goto(url);
    return;
  }
  await page.evaluate((href) => {
    // The state the router's own history writes: a step forward, which it follows on 'popstate'.
    const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ __TSR_index: index, __TSR_key: key, key }, '', href);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
  await expect(page.locator('main.content')).toHaveAttribute('data-path', decodeURI(to.pathname));
}

/** Waits until the route's data is on screen: no 'Laden…', no skeleton rows, no table still fetching. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main.content')).not.toHaveText(/^\s*Laden…\s*$/);
  await page.evaluate(() => document.fonts.ready);
}
