import fs from 'node:fs';
import path from 'node:path';
import { openPostgres, type OpenedDatabase } from '../../server/db/open';
import { cloneDatabase, databasesNamed, dropDatabases, withDbName } from './postgres';
import { createPgliteTemplate, createPostgresTemplate } from './templates';
import { pgliteFromDump } from './pglite';

/**
 * Where the e2e tests' databases come from. With TEST_DATABASE_URL each test gets a PostgreSQL
 * database of its own, created from a template (the database work then runs outside the process that
 * also drives the browser); without it, an embedded PGlite loaded from a dump, as the product runs
 * embedded.
 */
export type E2eTemplate = { kind: 'postgres'; url: string; name: string } | { kind: 'pglite'; file: string };

// One template per web build folder: engineers running their own WEB_DIST_DIR at the same time must
// not read a template another run is still writing.
const buildName = () =>
  path
    .basename(path.resolve(process.env.WEB_DIST_DIR ?? 'dist'))
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase();
const TEMPLATE_ENV = 'E2E_TEMPLATE_DATABASE';

/** Builds the run's template (global set-up); the workers find it through the environment. */
export async function createE2eTemplate(): Promise<E2eTemplate> {
  const url = process.env.TEST_DATABASE_URL;
  const template: E2eTemplate = url
    ? { kind: 'postgres', url, name: `portal_e2e_${buildName()}_${process.pid}` }
    : { kind: 'pglite', file: path.resolve(`.tmp/e2e-template-${buildName()}.tar`) };
  if (template.kind === 'postgres') await createPostgresTemplate(template.url, template.name);
  else await createPgliteTemplate(template.file);
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return template;
}

export function e2eTemplate(): E2eTemplate {
  const found = process.env[TEMPLATE_ENV];
  if (!found) throw new Error('The e2e template is made by tests/e2e/global-setup.ts');
  return JSON.parse(found) as E2eTemplate;
}

/** Drops the template and any test database a stopped worker left behind. */
export async function removeE2eTemplate(template: E2eTemplate): Promise<void> {
  if (template.kind === 'pglite') return;
  await dropDatabases(template.url, await databasesNamed(template.url, `${template.name}_`));
  await dropDatabases(template.url, [template.name]);
}

export interface TestDatabase extends OpenedDatabase {
  /** Closes and throws the database away. */
  close(): Promise<void>;
}

export interface DatabaseSource {
  /** A fresh copy of the template for one test. */
  take(): Promise<TestDatabase>;
  /** Waits for the databases being thrown away and drops the one made in advance. */
  close(): Promise<void>;
}

/**
 * A worker's supply of fresh databases. On PostgreSQL the next test's copy is made while the current
 * test runs, and a used copy is dropped in the background, so neither is on a test's clock.
 */
export function databaseSource(template: E2eTemplate, worker: string): DatabaseSource {
  if (template.kind === 'pglite') {
    const dump = fs.readFileSync(template.file);
    return {
      take: () => pgliteFromDump(new Blob([dump])),
      close: async () => {},
    };
  }
  const { url, name } = template;
  let serial = 0;
  const drops = new Set<Promise<void>>();
  const clone = async () => {
    const database = `${name}_w${worker}_${++serial}`;
    await cloneDatabase(url, name, database);
    return database;
  };
  let next: Promise<string> | null = null;
  const drop = (database: string) => {
    const dropping = dropDatabases(url, [database]).finally(() => drops.delete(dropping));
    drops.add(dropping);
  };
  return {
    async take() {
      const database = await (next ?? clone());
      next = clone();
      next.catch(() => {}); // a failed copy is reported by the test that takes it
      const opened = openPostgres(withDbName(url, database), 5, () => {});
      return {
        ...opened,
        close: async () => {
          await opened.close();
          drop(database);
        },
      };
    },
    async close() {
      const made = await next?.catch(() => null);
      if (made) drop(made);
      await Promise.allSettled([...drops]);
    },
  };
}
