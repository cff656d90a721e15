import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * How many distinct statements get a name; the rest (bulk inserts with many values, say) stay unnamed.
 * Each named statement costs its backend memory: about 180 KB for a delivery page with its generic plan
 * (measured with pg_backend_memory_contexts), so at most about 36 MB per connection.
 */
const MAX_NAMED = 200;
const MAX_TEXT = 8_000;
const MAX_PARAMETERS = 100;

/**
 * A pg pool whose clients send each statement text as a named prepared statement: PostgreSQL parses
 * it once per connection and, once a generic plan proves as cheap as the custom ones (its plan cache's
 * own rule), stops planning it. A list request's statements spend more of their time in parse and plan
 * than in execution (docs/PERFORMANCE.md). Statement texts are Kysely's, with the request's values as
 * parameters (only page sizes and the first ten pages' offsets are written in: paging.ts `pageBounds`),
 * so their number is bounded by the code, not by the data; the cap guards what is left.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string, parameters: readonly unknown[]): string | undefined => {
    if (text.length > MAX_TEXT || parameters.length > MAX_PARAMETERS) return undefined;
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED) names.set(text, (name = `k${names.size + 1}`));
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      const wrapped = {
        query(textOrCursor: string | object, parameters?: readonly unknown[]) {
          if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
          return client.query({ name: nameOf(textOrCursor, parameters ?? []), text: textOrCursor, values: parameters as unknown[] });
        },
        release: () => client.release(),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
