import { loadConfig } from '../config';
import { migrateToLatest } from './migrate';
import { seedDemo } from './seed';
import { openEmbedded, openPostgres } from './open';
import { openStorage } from '../lib/storage';

/** `npm run db:migrate` and `npm run db:seed -- --scale N` (seeding needs an empty database). */
const [command, ...args] = process.argv.slice(2);
const scaleArg = args.indexOf('--scale');
const scale = scaleArg >= 0 ? Number(args[scaleArg + 1]) : 1;
const config = loadConfig();

const opened = config.databaseUrl
  ? openPostgres(config.databaseUrl)
  : await openEmbedded(config.dataDir, async () => {});
try {
  await migrateToLatest(opened.db);
  if (command === 'seed') {
    const existing = await opened.db.selectFrom('clients').select('id').limit(1).execute();
    if (existing.length) throw new Error('De database bevat al gegevens; seed werkt alleen op een lege database.');
    await seedDemo(opened.db, { scale, storage: await openStorage(config) });
    console.log(`Demogegevens aangemaakt (schaal ${scale}).`);
  } else {
    console.log('Migraties uitgevoerd.');
  }
} finally {
  await opened.close();
}
