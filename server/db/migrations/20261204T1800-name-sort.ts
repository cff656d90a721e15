import { sql, type Kysely } from 'kysely';
import { FOLD_FROM, FOLD_TO, prefixRunPattern } from '@domain/names';

/**
 * Names sort as domain/names.ts says (issue 46 point 9): persons by surname without the tussenvoegsel, companies
 * by their name; both without case or accents. Three functions compute the keys from the prefix list in
 * domain/names.ts, with built-in functions only, so a restore (search_path empty) can compute them:
 * company_sort_key(name), person_sort_key(full_name) and person_sort_key(first_name, last_name). A
 * changed prefix list needs a migration that calls createNameSortFunctions again.
 *
 * The customer list's page is picked from an index (20261128T0410-clients-live-by-type), so a client's key is
 * a column PostgreSQL keeps (an end user is a person, every other client a company), in the "C" collation:
 * PGlite and PostgreSQL then order the keys alike, and a space (between surname and given names) sorts
 * before every letter ('Vries, Jan' before 'Vriesema, Anna').
 */
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
const fold = (arg: string) =>
  `lower(translate(regexp_replace(regexp_replace(${arg}, '^\\s+|\\s+$', '', 'g'), '\\s+', ' ', 'g'), ` +
  `${text(FOLD_FROM)}, ${text(FOLD_TO)}))`;
const run = prefixRunPattern();

/** The key functions from the prefix list as it is now. */
export async function createNameSortFunctions(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create or replace function company_sort_key(name text) returns text language sql immutable parallel safe
      as $$ select ${fold('name')} $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function person_sort_key(full_name text) returns text language sql immutable parallel safe
      as $$ select case when m1 is not null then m1[3] || ' ' || m1[1] || ' ' || m1[2]
        when m2 is not null then m2[2] || ' ' || m2[1] else n end
      from (select n, regexp_match(n, ${text(`^(.+?) (${run}) (\\S.*)$`)}) m1,
        regexp_match(n, '^(.*) (\\S+)$') m2 from (select ${fold('full_name')} n) f) m $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function person_sort_key(first_name text, last_name text) returns text language sql
      immutable parallel safe
      as $$ select case when m is not null then m[2] || ' ' || f || ' ' || m[1] else l || ' ' || f end
      from (select f, l, regexp_match(l, ${text(`^(${run}) (\\S.*)$`)}) m
        from (select ${fold('first_name')} f, ${fold('last_name')} l) n) k $$`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await createNameSortFunctions(db);
  await sql`alter table clients add column name_sort text collate "C" generated always as
    (case when client_type_id = 4 then person_sort_key(name) else company_sort_key(name) end) stored`.execute(db);
  await sql`create index clients_live_by_type_sort on clients (client_type_id, name_sort, id)
    include (parent_client_id, primary_contact_id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists clients_live_by_type_sort`.execute(db);
  await sql`alter table clients drop column if exists name_sort`.execute(db);
  await sql`drop function if exists person_sort_key(text, text)`.execute(db);
  await sql`drop function if exists person_sort_key(text)`.execute(db);
  await sql`drop function if exists company_sort_key(text)`.execute(db);
}
