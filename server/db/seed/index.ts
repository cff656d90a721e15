import type { Db } from '../database';
import { seedCore } from './core';

/** Demo data for a new database; `scale` multiplies the volumes for benchmarks. */
export async function seedDemo(db: Db, { scale = 1 }: { scale?: number } = {}): Promise<void> {
  await seedCore(db, scale);
}
