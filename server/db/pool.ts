import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { isDatabaseUnavailable } from '../http/db-errors';
import { queryDescribedOnce } from './described-once';

/**
 * How many distinct statements get a name; the rest (bulk inserts with many values, say) stay unnamed.
 * Each named statement costs its backend memory: about 180 KB for a delivery page with its generic plan
 * (measured with pg_backend_memory_contexts), so at most about 36 MB per connection.
 */
const MAX_NAMED = 200;
const MAX_TEXT = 8_000;
const MAX_PARAMETERS = 100;

/**
 * Names for statement texts: PostgreSQL parses a named statement once per connection and, once a
 * generic plan proves as cheap as the custom ones (its plan cache's own rule), stops planning it. A list
 * request's statements spent more of their time in parse and plan than in execution
 * (docs/PERFORMANCE.md). Statement texts are Kysely's, with the request's values as parameters (only
 * page sizes and the first ten pages' offsets are written in: paging.ts `pageBounds`), so their number
 * is bounded by the code, not by the data; the cap guards what is left.
 */
function statementNames(): (text: string, parameters: readonly unknown[]) => string | undefined {
  const names = new Map<string, string>();
  return (text, parameters) => {
    if (text.length > MAX_TEXT || parameters.length > MAX_PARAMETERS) return undefined;
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED) names.set(text, (name = `k${names.size + 1}`));
    return name;
  };
}

/**
 * The pg pool as Kysely uses it, with two additions:
 * - with `namedStatements`, each statement goes out as a named prepared statement (statementNames),
 *   whose result columns are described once per connection (described-once.ts);
 * - when the first statement of a checkout fails because the connection's backend is gone (a restart,
 *   a failover, `pg_terminate_backend`), it is sent again on a new connection. The pool drops a dead
 *   idle connection only once its socket reports the end, which can come after the next request took
 *   it: that request would answer 503 although the database is back. A first statement is a `begin`,
 *   or a statement on its own whose backend ended before it committed (PostgreSQL aborts a statement
 *   when its backend is terminated), so sending it again applies it once. A failure later in a
 *   checkout (inside a transaction) still fails the request with 503.
 */
export function kyselyPool(pool: pg.Pool, { namedStatements }: { namedStatements: boolean }): PostgresPool {
  const nameOf = namedStatements ? statementNames() : () => undefined;
  return {
    async connect() {
      let client = await pool.connect();
      let first = true;
      const wrapped = {
        query(textOrCursor: string | object, parameters?: readonly unknown[]) {
          if (typeof textOrCursor !== 'string') {
            first = false;
            return client.query(textOrCursor as never);
          }
          const name = nameOf(textOrCursor, parameters ?? []);
          const values = parameters as unknown[];
          // A text and its values, not a config object: pg's Query copies an object property by property.
          const run = () =>
            name === undefined
              ? client.query(textOrCursor, values)
              : queryDescribedOnce(client, { name, text: textOrCursor, values });
          if (!first) return run();
          first = false;
          const firstQuery = async (replaced: number): Promise<unknown> => {
            try {
              return await run();
            } catch (err) {
              // Every idle connection may have lost its backend at once: at most one new try per pool slot.
              if (!isDatabaseUnavailable(err) || replaced >= (pool.options.max ?? 10)) throw err;
              client.release(err as Error); // destroyed, not returned to the pool
              client = await pool.connect();
              return firstQuery(replaced + 1);
            }
          };
          return firstQuery(0);
        },
        release: () => client.release(),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
