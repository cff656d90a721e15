import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run in UTC, the zone of a container, so a date shown or checked by the host's clock instead of
// Amsterdam's fails here (domain/dates.ts). Workers inherit it.
process.env.TZ = 'UTC';

/**
 * Files that assert time or memory under a load of their own making. `npm test` (build/test.mjs) runs
 * them after the other phases, when the browser tests no longer share the machine: TEST_QUIET=later
 * leaves them out of a run, TEST_QUIET=only runs them alone.
 */
const quietFiles = ['tests/api/upload-bomb.test.ts'];
const quiet = process.env.TEST_QUIET;

const apiProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: quiet === 'only' ? quietFiles : ['tests/api/**/*.test.ts'],
    // PostgreSQL alone has backends that can be terminated, transactions that deadlock, prepared statements, values
    // sent
    // as text and room for several API processes: those files run on it only.
    exclude: [
      ...(dbKind === 'pglite'
        ? [
            'tests/api/connection-loss.test.ts',
            'tests/api/deadlock-retry.test.ts',
            'tests/api/prepared-statements.test.ts',
            'tests/api/multi-process.test.ts',
            'tests/api/pg-timestamps.test.ts',
          ]
        : []),
      ...(quiet === 'later' ? quietFiles : []),
    ],
    environment: 'node',
    // Every file builds its own app on its own database (tests/support/context.ts), so a worker keeps the
    // server's modules loaded between files instead of importing them again for each of the 46 (minutes of CPU).
    isolate: false,
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/midnight-setup.ts', 'tests/support/statement-verify.ts'],
    env: { TEST_DB_KIND: dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias: { '@domain': fileURLToPath(new URL('./domain', import.meta.url)) } },
  test: {
    // Vitest's default is one worker less than the cores: on the 2-core CI machine that ran every file
    // one after another. Each file has a database of its own, so two at a time is safe.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'sw/**/*.test.ts',
            'build/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/*.test.ts',
          ],
          environment: 'node',
          // Some unit tests start an embedded database; on a busy 2-core machine that takes seconds.
          testTimeout: 30_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
