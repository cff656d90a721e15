import { loadConfig } from './config';
import { buildApp } from './app';
import { connectDatabase } from './db/connect';
import { createMailer } from './lib/mail';
import { openStorage } from './lib/storage';
import { DataDirInUseError } from './db/open';
import { demoAccounts, DEMO_PASSWORD } from './db/seed/core';
import { startHousekeeping } from './http/housekeeping';

/** Starts the API and the web app on one port; stops cleanly on SIGINT and SIGTERM. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  let database;
  try {
    database = await connectDatabase(config, log);
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({
    db: database.db,
    config,
    mailer: createMailer(config, log),
    storage: await openStorage(config),
    logger: { level: config.logLevel },
  });
  const stopHousekeeping = startHousekeeping(database.db, config, log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: portaal stopt…`);
    await stopHousekeeping();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log('');
  log(`Het portaal draait op ${config.publicUrl}`);
  log(`Database: ${database.kind === 'pglite' ? `ingebouwd (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  if (config.seedDemo) {
    log(`Demo-logins (wachtwoord ${DEMO_PASSWORD}, tweestapsverificatie stel je bij de eerste keer in):`);
    for (const a of demoAccounts) log(`  ${a.email.padEnd(24)} ${a.role}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
