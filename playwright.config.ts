import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/support/chromium';

/**
 * Browser tests in Chromium. Each worker runs one server; every test gets its own copy of the seeded
 * database and its own data folder behind it (tests/e2e/fixtures.ts), so tests never see each other's
 * data. The browser: tests/support/chromium.ts.
 */
const executablePath = chromiumPath();
// The servers run in UTC, the zone of a container: dates shown or checked must be Amsterdam's anyway (domain/dates.ts).
process.env.TZ = 'UTC';
// Runs side by side (each with its own WEB_DIST_DIR) must not empty each other's results folder.
const outputDir = process.env.WEB_DIST_DIR
  ? `.tmp/test-results-${path.basename(path.resolve(process.env.WEB_DIST_DIR))}`
  : 'test-results';
const LONG_WALKS = ['**/fieldwork-offline-200.spec.ts', '**/narrow.spec.ts', '**/topbar.spec.ts', '**/layout.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir,
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // The tests mostly wait (on the page, on the server), not compute: on the 2-core machine 22 tests took
  // 2.3 min with 3 workers against 2.8 min with 2, for the same CPU time.
  workers: 3,
  // One retry in CI only, for the flakes of a shared, slow machine; a retried test is still reported
  // as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  // A whole test's limit (each expectation still waits at most 10 s): the longest flows take 50-60 s
  // on a 2-core machine half as fast as the one they were written on.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Workers take tests in this order: the longest walks (minutes each) start first, so none of them
  // is what the run still waits for at its end.
  projects: [
    { name: 'long', testMatch: LONG_WALKS },
    { name: 'e2e', testIgnore: LONG_WALKS },
  ],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // Recording a trace of every test cost a third of the run (auth + crm specs: 108 s against 75 s); a
    // failure is traced when it runs again (CI retries once). To trace a local run: --trace on.
    trace: 'on-first-retry',
    // The browser asks for reduced motion, as a user can in the system's settings: the app then plays
    // no fades or flashes (styles.css), which in a GPU-less browser cost about half its CPU per dialog
    // opened (20 offline check-outs: 4.0 CPU-s against 2.2). accessibility.spec.ts checks both ways.
    reducedMotion: 'reduce',
    // The service worker precaches the whole build (about 230 files, 2.5 MB) into every test's new
    // context: a quarter of Chromium's CPU in tests that never use it (crm, deliveries and stock specs:
    // 60 against 46 CPU-s). It answers no /api request (sw/sw.ts), so only the specs about it and about
    // working offline allow it (`test.use({ serviceWorkers: 'allow' })`); a first visit has none either.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
