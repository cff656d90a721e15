import { sql, type Kysely } from 'kysely';

/**
 * The repair list in its default order (issue 24): REPARATIE deliveries (type 1) not deleted or
 * cancelled, newest first. A page's ids are then the first rows of this index; before, PostgreSQL read
 * every delivery and sorted the repairs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index deliveries_repair_list_idx on deliveries (created_at desc, id desc)
    where delivery_type_id = 1 and deleted_at is null and not is_cancelled`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deliveries_repair_list_idx`.execute(db);
}
