import { sql, type Expression, type RawBuilder } from 'kysely';

// The sort keys of names (domain/names.ts; the functions of migration 20261204T1800-name-sort), compared in the
// "C" collation so that PGlite and PostgreSQL order them alike. A client's key is its column name_sort.

/** A person's full name ('Jan de Vries'): by surname without the tussenvoegsel, then given names. */
export const personSortKey = (fullName: Expression<string | null>): RawBuilder<string> =>
  sql<string>`person_sort_key(${fullName}) collate "C"`;

/** A contact's name from its two parts, the tussenvoegsel at the start of the last name. */
export const contactSortKey = (
  firstName: Expression<string | null>,
  lastName: Expression<string | null>,
): RawBuilder<string> => sql<string>`person_sort_key(${firstName}, ${lastName}) collate "C"`;

/** A company's name (a client's own key is its column name_sort): case and accents aside, prefixes kept. */
export const companySortKey = (name: Expression<string | null>): RawBuilder<string> =>
  sql<string>`company_sort_key(${name}) collate "C"`;
