import { loadConfig } from './config';
import { buildApp, logOptions } from './app';
import { connectDatabase } from './db/connect';
import { createMailTransport } from './lib/mail';
import { openStorage } from './lib/storage';
import { DataDirInUseError } from './db/open';
import { demoAccounts, DEMO_PASSWORD } from './db/seed/core';
import { startHousekeeping } from './http/housekeeping';
import { createMetrics, serveMetrics } from './metrics/metrics';
import { mailCounts, startMailWorker } from './modules/mail';
import { hasAnyUser, SETUP_HINT } from './setup/first-admin';

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
  const db = database.db;
  const metrics =
    config.metricsPort === null
      ? undefined
      : createMetrics({ poolUse: database.poolUse, mailCounts: () => mailCounts(db) });
  const app = await buildApp({
    db: database.db,
    config,
    storage: await openStorage(config),
    logger: logOptions(config.logLevel),
    metrics,
    authChanges: config.sessionCache ? database.authChanges : undefined,
  });
  const stopHousekeeping = startHousekeeping(database.db, config, log);
  const mailWorker = startMailWorker(db, createMailTransport(config, log), {
    log,
    onSent: () => metrics?.mailSent.inc(),
    onFailed: (givenUp) => metrics?.mailFailures.inc({ outcome: givenUp ? 'given_up' : 'retry' }),
  });

  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: portaal stopt…`);
    await stopHousekeeping();
    await mailWorker.stop();
    await app.close();
    await metricsServer?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const listeningOn = await app.listen({ port: config.port, host: config.host });
  if (metrics && config.metricsPort !== null)
    metricsServer = await serveMetrics(metrics, config.metricsPort, config.metricsHost);
  log('');
  // PORT=0 lets the system choose a free port; the address it chose is then the one to print.
  log(`Het portaal draait op ${config.port === 0 ? listeningOn : config.publicUrl}`);
  if (metricsServer) log(`Metrics (Prometheus): http://${config.metricsHost}:${metricsServer.port}/metrics`);
  log(
    `Database: ${database.kind === 'pglite' ? `ingebouwd (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  const demoEmails = demoAccounts.map((a) => a.email);
  const hasDemoAccounts =
    (await db.selectFrom('users').select('id').where('email', 'in', demoEmails).limit(1).execute()).length > 0;
  if (hasDemoAccounts) {
    log(`Demo-logins (wachtwoord ${DEMO_PASSWORD}, tweestapsverificatie stel je bij de eerste keer in):`);
    for (const a of demoAccounts) log(`  ${a.email.padEnd(24)} ${a.role}`);
  }
  if (!(await hasAnyUser(db))) log(SETUP_HINT);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
