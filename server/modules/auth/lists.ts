import type { Executor } from '../../db/database';

/** Every right by id and name (spec 2 §6). */
export async function permissionList(db: Executor) {
  return db.selectFrom('permissions').select(['id', 'name']).orderBy('id').execute();
}
