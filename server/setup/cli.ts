import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { DataDirInUseError, openEmbedded, openPostgres } from '../db/open';
import { createMailTransport } from '../lib/mail';
import { startMailWorker } from '../modules/mail';
import { createFirstAdmin, firstAdminSchema, SetupRefused } from './first-admin';

/**
 * `npm run setup -- --company NAAM --name NAAM --email ADRES`: migrates the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR) and makes the first Superuser; prints the
 * activation link and mails it (SMTP_URL; else an .eml file in DATA_DIR/mail). Exit code 1 when refused.
 */
async function setup(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { company: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    strict: true,
  });
  const parsed = v.safeParse(firstAdminSchema, values);
  if (!parsed.success) {
    for (const issue of parsed.issues) console.error(`--${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    console.error(
      'Gebruik: npm run setup -- --company "Bedrijfsnaam" --name "Voornaam Achternaam" --email adres@bedrijf.nl',
    );
    return 1;
  }
  const config = loadConfig();
  const opened = config.databaseUrl
    ? openPostgres(config.databaseUrl, 2, undefined, { listen: false })
    : await openEmbedded(config.dataDir, (db) => migrateToLatest(db));
  try {
    await migrateToLatest(opened.db);
    const { activationLink } = await createFirstAdmin(opened.db, config, parsed.output);
    console.log(`De eerste beheerder (${parsed.output.email}) is aangemaakt met de rol Superuser.`);
    console.log(`Activeer het account via deze link (72 uur geldig): ${activationLink}`);
    const worker = startMailWorker(
      opened.db,
      createMailTransport(config, () => {}),
      { log: () => {} },
    );
    const sent = await worker.drain();
    await worker.stop();
    if (!config.smtpUrl) console.log(`Zonder SMTP_URL is de mail als bestand opgeslagen in ${config.dataDir}/mail.`);
    else if (sent) console.log(`De activatiemail is verstuurd aan ${parsed.output.email}.`);
    else
      console.log('De activatiemail kon nog niet worden verstuurd; het portaal probeert het opnieuw zodra het draait.');
    return 0;
  } catch (err) {
    if (err instanceof SetupRefused) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await opened.close();
  }
}

setup(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof DataDirInUseError ? err.message : err);
    process.exit(1);
  },
);
