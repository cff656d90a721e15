import type { Page } from '@playwright/test';
import { test, expect, type Portal } from './fixtures';
import { endCustomerAndOther, scan, todaysDelivery } from './fieldwork-steps';
import { ItemStatus } from '@domain/enums';

/**
 * Issue 49 point 3: on a phone (390 px, the CPU slowed 4× through the DevTools protocol) the driver's
 * interactions on a delivery answer within 100 ms of main-thread time: scanning a serial with a hardware
 * scanner, opening the check-out dialog, ticking a line when finishing. Per interaction, from the first
 * input until the answer is on screen and painted, the longest task of the page's main thread is read from
 * Chromium's trace as the CPU time that thread spent on it (slowed 4×): on a machine shared with other work,
 * a task's wall time also counts the time others had the CPU. What the page itself saw (Long Tasks over
 * 50 ms, Event Timing over 16 ms, both in wall time) is in the message of a failure.
 */

const BUDGET_MS = 100;

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

/** Every long task and every event over 16 ms as the page sees them, from its start (window.__timings). */
async function observeTimings(page: Page) {
  await page.addInitScript(() => {
    const seen: { start: number; text: string }[] = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const e of entries) {
        const event = e as PerformanceEventTiming;
        const processing =
          e.entryType === 'event' ? ` (processing ${Math.round(event.processingEnd - event.processingStart)})` : '';
        seen.push({
          start: e.startTime + e.duration,
          text: `${e.entryType} ${e.name} ${Math.round(e.duration)} ms${processing}`,
        });
      }
    };
    const tasks = new PerformanceObserver((list) => keep(list.getEntries()));
    tasks.observe({ type: 'longtask', buffered: true });
    const events = new PerformanceObserver((list) => keep(list.getEntries()));
    events.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    (window as unknown as { __timings: (from: number) => string[] }).__timings = (from) => {
      keep(tasks.takeRecords());
      keep(events.takeRecords());
      return seen.filter((e) => e.start >= from).map((e) => e.text);
    };
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** The longest task of the page's main thread in a trace, in thread CPU ms, and its parts over 3 ms. */
function longestTask(trace: Buffer): { ms: number; parts: string } {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = (m: TraceEvent) => (e: TraceEvent) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X';
  const tasksOf = (m: TraceEvent) => traceEvents.filter((e) => on(m)(e) && e.name.endsWith('RunTask'));
  const tasks = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  const top = tasks.sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
  if (!top) return { ms: 0, parts: '' };
  const parts = traceEvents
    .filter((e) => on(top)(e) && e !== top && e.ts >= top.ts && e.ts < top.ts + (top.dur ?? 0) && (e.tdur ?? 0) > 3000)
    .map((e) => `${e.name}${e.args?.data?.type ? ` ${e.args.data.type}` : ''} ${Math.round((e.tdur ?? 0) / 1000)}`);
  return { ms: Math.round((top.tdur ?? 0) / 1000), parts: parts.join(', ') };
}

/**
 * Runs `act` (the input) and waits for `answered` (what the user sees) and two frames (painted, and the
 * events' entries queued); returns the longest main-thread task meanwhile and what the page saw.
 */
async function measure(page: Page, act: () => Promise<void>, answered: () => Promise<void>) {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  const from = await page.evaluate(() => performance.now());
  await act();
  await answered();
  const seen = await page.evaluate(async (from) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    await new Promise((resolve) => setTimeout(resolve));
    return (window as unknown as { __timings: (from: number) => string[] }).__timings(from);
  }, from);
  return { longest: longestTask(await browser.stopTracing()), seen };
}

function expectWithinBudget(what: string, { longest, seen }: Awaited<ReturnType<typeof measure>>) {
  console.log(`${what}: longest main-thread task ${longest.ms} ms`);
  const saw = seen.join('; ') || 'no task over 50 ms, no event over 16 ms';
  expect(longest.ms, `${what}: the longest task (${longest.parts}); the page saw: ${saw}`).toBeLessThanOrEqual(
    BUDGET_MS,
  );
}

/** A delivery of today for an end user of the demo data, two laptops to deliver, their serials in stock. */
async function delivery(portal: Portal) {
  const { endCustomer } = await endCustomerAndOther(portal);
  const laptop = await portal.db
    .insertInto('products')
    .values({
      client_id: endCustomer.id,
      product_group_id: 1,
      name: 'Laptop',
      article_number: 'E2E-SPEED-LAPTOP',
      unique_product_id: `E2E-SPEED-LAPTOP-${endCustomer.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db
    .insertInto('items')
    .values(
      ['SPD0000001', 'SPD0000002'].map((serial) => ({
        product_id: laptop.id,
        client_id: endCustomer.id,
        status_id: ItemStatus.INGEKLAARD,
        serial,
      })),
    )
    .execute();
  return todaysDelivery(portal, endCustomer.end_user_id, 'E2E-SPEED-1', [laptop.id, laptop.id]);
}

test('on a 4× slowed phone, scanning, opening the check-out and ticking a line each answer within 100 ms', async ({
  page,
  portal,
  signedInAs,
}) => {
  test.slow();
  const id = await delivery(portal);
  await observeTimings(page);
  await signedInAs('magazijn@demo.local');
  // The page loads the check-out's code once it has painted (FieldworkPanel): the tap only renders the dialog.
  const code = page.waitForResponse(/\/assets\/CheckOutModal-[\w-]+\.js$/);
  await page.goto(`/leveringen/${id}`);
  const open = page.getByRole('button', { name: 'Artikelen uitklaren' });
  await expect(open).toBeEnabled();
  await code;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
  const field = modal.getByLabel('Serienummer', { exact: true });
  expectWithinBudget(
    'opening the check-out',
    await measure(
      page,
      () => open.tap(),
      () => expect(field).toBeFocused(),
    ),
  );

  const status = modal.locator('.scan-status');
  for (const serial of ['SPD0000001', 'SPD0000002'])
    expectWithinBudget(
      `scanning ${serial}`,
      await measure(
        page,
        () => scan(page, serial),
        () => expect(status).toHaveText(`${serial} toegevoegd`),
      ),
    );

  await modal.getByRole('button', { name: 'Opslaan' }).tap();
  await expect(page.getByText('De items zijn uitgeklaard')).toBeVisible();
  await page.getByRole('button', { name: 'Afronden' }).tap();
  const finish = page.getByRole('dialog', { name: 'Oproep afronden' });
  const line = finish.getByRole('checkbox', { name: 'Laptop (SPD0000001)' });
  await expect(line).toBeChecked();
  expectWithinBudget(
    'ticking a line',
    await measure(
      page,
      () => line.tap(),
      () => expect(line).not.toBeChecked(),
    ),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
