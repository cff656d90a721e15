import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Chromium. Every test gets its own server and database (tests/e2e/fixtures.ts),
 * so tests never see each other's data. CHROMIUM_PATH overrides the system Chromium.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The servers run in UTC, the zone of a container: dates shown or checked must be Amsterdam's anyway (domain/dates.ts).
process.env.TZ = 'UTC';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry in CI only, for the flakes of a shared, slow machine; a retried test is still reported
  // as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  // A whole test's limit (each expectation still waits at most 10 s): the longest flows take 50-60 s
  // on a 2-core machine half as fast as the one they were written on.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
