import type { Db } from '../database';
import { seedCore } from './core';
import { seedStock } from './stock';
import { seedPreNotifications } from './prenotifications';
import { seedDeliveries } from './deliveries';
import { seedEol } from './eol';
import { seedRepairs } from './repairs';
import type { FileStorage } from '../../lib/storage';

/**
 * Demo data for a new database; `scale` multiplies the volumes for benchmarks. With a `storage` the
 * demo files (repair images and quotations) are written too.
 */
export async function seedDemo(
  db: Db,
  { scale = 1, storage }: { scale?: number; storage?: FileStorage } = {},
): Promise<void> {
  const core = await seedCore(db, scale);
  await seedStock(db, core, scale);
  await seedPreNotifications(db, core, scale);
  await seedDeliveries(db, core, scale);
  await seedEol(db, core, scale);
  await seedRepairs(db, storage);
}
