import { sql, type Kysely } from 'kysely';

/**
 * The delivery lists sort by the end customer's name as the customer list does (domain/names.ts,
 * 20261204T1800-name-sort): a company's name with case and accents aside, in the "C" collation. The key is kept
 * beside the name the triggers of 20261128T1600-delivery-client-names keep on the row, so a rename reaches it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column end_customer_name_sort text collate "C"
    generated always as (company_sort_key(end_customer_name)) stored`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries drop column if exists end_customer_name_sort`.execute(db);
}
