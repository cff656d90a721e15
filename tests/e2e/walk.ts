import type { Page, Request } from '@playwright/test';
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
  requestsOf(page);
  await page.evaluate((href) => {
    // The state the router's own history writes: a step forward, which it follows on 'popstate'.
    const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ __TSR_index: index, __TSR_key: key, key }, '', href);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
  await expect(page.locator('main.content')).toHaveAttribute('data-path', decodeURI(to.pathname));
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** The page's requests under way, counted from the first call on. */
function requestsOf(page: Page): Set<Request> {
  let requests = inFlight.get(page);
  if (!requests) {
    const open = new Set<Request>();
    page.on('request', (r) => open.add(r));
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));
    inFlight.set(page, (requests = open));
  }
  return requests;
}

/**
 * Playwright's 'networkidle' after a navigation inside the app: no request under way for 500 ms. (The
 * load state itself is reached once per document, so it says nothing after the router moved.)
 */
async function networkQuiet(page: Page): Promise<void> {
  const requests = requestsOf(page);
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (requests.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { intervals: [50], timeout: 15_000 },
    )
    .toBe(true);
}

/** Waits until the route's data is on screen: no 'Laden…', no skeleton rows, no table still fetching. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await networkQuiet(page);
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main.content')).not.toHaveText(/^\s*Laden…\s*$/);
  await page.evaluate(() => document.fonts.ready);
}
