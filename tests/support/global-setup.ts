import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { kyselyOnPGlite, openPostgres, pgliteOptions } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { templateDatabaseName, withDatabase } from './postgres';

/**
 * Builds one migrated, seeded database per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or a PostgreSQL template database) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = templateDatabaseName();
    await withDatabase(url, async (admin) => {
      await admin.query(`drop database if exists ${template}`);
      await admin.query(`create database ${template}`);
    });
    const opened = openPostgres(withDbName(url, template), 2);
    await migrateToLatest(opened.db);
    await seedDemo(opened.db);
    await opened.close();
    project.provide('templateDatabase', template);
    return async () => {
      await withDatabase(url, (admin) => admin.query(`drop database if exists ${template}`));
    };
  }
  const pglite = new PGlite(pgliteOptions);
  const opened = kyselyOnPGlite(pglite);
  await migrateToLatest(opened.db);
  await seedDemo(opened.db);
  const dump = await pglite.dumpDataDir('none');
  await opened.close();
  const dir = path.resolve('.tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', file);
  return () => fs.rmSync(file, { force: true });
}

export function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
