import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { templateDatabaseName, dropDatabases, withDbName } from './postgres';
import { createPgliteTemplate, createPostgresTemplate } from './templates';

export { withDbName };

/**
 * Builds one migrated, seeded database per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or a PostgreSQL template database) instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = templateDatabaseName();
    await createPostgresTemplate(url, template);
    project.provide('templateDatabase', template);
    return () => dropDatabases(url, [template]);
  }
  const file = path.resolve('.tmp', `template-${process.pid}.tar`);
  await createPgliteTemplate(file);
  project.provide('templateDatabase', file);
  return () => fs.rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
