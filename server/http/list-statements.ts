import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { AuthUser } from './access';
import type { ListParams } from './list-params';
import { scopeKey } from './scope';
import { termParameters, termShape, type TermValues } from './search-terms';

// How a list's page becomes a statement that PostgreSQL plans once: its bounds, and its key in the statement cache.

/** Pages written into the statement's text; deeper pages share one text with the offset as a parameter. */
const LITERAL_PAGES = 10;

/**
 * LIMIT and OFFSET of a page. PostgreSQL costs a plan whose OFFSET is a parameter as if it skipped a
 * tenth of the rows, while a custom plan knows the value; the generic plan then looks dearer than the
 * custom ones and the named statement is planned again on every call. The page size and the first ten
 * pages' offsets are written as numbers (both are validated integers): each such text gets a generic
 * plan after five calls (planning 0.3 ms → 0.005 ms for a delivery page). A deeper page's offset is a
 * parameter behind a scalar subquery, which no plan can read ahead of execution: custom and generic
 * plans then cost the same and PostgreSQL keeps the generic one (planning 0.2 → 0.015 ms for the keys
 * of an open-deliveries page). So the number of statement texts stays at most eleven per list and page size.
 */
export function pageBounds(params: ListParams): { limit: RawBuilder<number>; offset: RawBuilder<number> } {
  const offset = (params.page - 1) * params.perPage;
  return {
    limit: sql.lit(params.perPage),
    offset: params.page <= LITERAL_PAGES ? sql.lit(offset) : sql<number>`(select ${offset}::bigint)`,
  };
}

/**
 * The key of a list's page statement (server/db/statement-cache.ts): the list, the user's place in the
 * hierarchy, the list's parameters and what else the list is built from (`inputs`, as JSON). Null for
 * a search: every term would be a statement of its own, compiled once and seldom asked again (a list
 * whose search takes its term as values keys it by searchStatementKey).
 */
export function listStatementKey(
  list: string,
  user: AuthUser,
  params: ListParams,
  inputs: unknown = null,
): string | null {
  return params.search === '' ? statementKey(list, user, params, inputs) : null;
}

/**
 * The key of a search's page statement: the term's shape in place of the term, whose values are the
 * statement's parameters (termParameters). The builder may read the term only through those values.
 */
function searchStatementKey(
  list: string,
  user: AuthUser,
  params: ListParams,
  term: TermValues,
  inputs: unknown,
): string {
  return statementKey(list, user, { ...params, search: termShape(term) }, inputs);
}

/**
 * The key and values of the page statement of a list whose search takes its term as values
 * (`searchTerm`): with a term, keyed by its shape with the term's values; without, keyed by the list's
 * parameters (listStatementKey) with none.
 */
export function termStatement(
  list: string,
  user: AuthUser,
  params: ListParams,
  term: TermValues | null,
  inputs: unknown = null,
): { key: string | null; values: string[] } {
  return term
    ? { key: searchStatementKey(list, user, params, term, inputs), values: termParameters(term) }
    : { key: listStatementKey(list, user, params, inputs), values: [] };
}

const statementKey = (list: string, user: AuthUser, params: ListParams, inputs: unknown) =>
  `${list}|${scopeKey(user)}|${JSON.stringify(params)}|${JSON.stringify(inputs)}`;
