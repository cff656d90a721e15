import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './database';

/**
 * Statements compiled once per set of inputs. Building a list's statement with Kysely and compiling it
 * to SQL cost node 0.05–0.15 ms per request (trees of frozen nodes, cloned at every step, then
 * visited): a fifth of a product page's node time (docs/PERFORMANCE.md; the round in git history). A list
 * asked again with the same inputs sends the statement compiled the first time: the same text and the
 * same parameters.
 *
 * The key names every input the statement is built from; the builder reads nothing else (no clock, no
 * rights, no setting). Under test every hit is built again and compared (`verifyEveryHit`), so a key
 * that leaves an input out fails the first test that asks twice with that input changed. Beyond
 * `capacity` keys the least recently used statement goes.
 */
export class StatementCache {
  readonly #entries = new Map<string, CompiledQuery>();
  verifyEveryHit = false;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size;
  }

  compiled<R>(key: string, build: () => Compilable<R>): CompiledQuery<R> {
    const hit = this.#used(key) as CompiledQuery<R> | undefined;
    if (hit) {
      if (this.verifyEveryHit) assertSameStatement(key, hit, build().compile());
      return hit;
    }
    const fresh = build().compile();
    this.#keep(key, fresh);
    return fresh;
  }

  /**
   * The statement of `build(...values)`, whose text is the same for any values: compiled once per key
   * with a marker for each value, the markers then replaced by the values of each call. The first
   * compile is checked against one with the values themselves; a builder that writes a value into the
   * text or decides by it is not kept (and fails under verification), nor one whose markers left a
   * parameter equal to a value: the builder took that value from elsewhere, and another call's would
   * not replace it.
   */
  withValues<R, V extends readonly unknown[]>(
    key: string,
    values: V,
    build: (...values: V) => Compilable<R>,
  ): CompiledQuery<R> {
    // Without values there is nothing to mark: the statement is the template.
    if (values.length === 0) return this.compiled(key, () => build(...values));
    const template = this.#used(key) as CompiledQuery<R> | undefined;
    if (template) {
      const filled = fill(template, values);
      if (this.verifyEveryHit) assertSameStatement(key, filled, build(...values).compile());
      return filled;
    }
    const real = build(...values).compile();
    const markers = values.map((_, index) => new Marker(index)) as unknown as V;
    const made = templateOf(build, markers);
    if (made && sameStatement(fill(made, values), real) && !made.parameters.some((p) => values.includes(p)))
      this.#keep(key, made);
    else if (this.verifyEveryHit)
      throw new Error(`statement cache: the statement of ${key} does not take its values as parameters`);
    return real;
  }

  /**
   * The key's statement, now the most recently used: a Map keeps insertion order, so the first key is the one to evict.
   */
  #used(key: string): CompiledQuery | undefined {
    const statement = this.#entries.get(key);
    if (statement) {
      this.#entries.delete(key);
      this.#entries.set(key, statement);
    }
    return statement;
  }

  #keep(key: string, statement: CompiledQuery): void {
    this.#entries.set(key, statement);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** Where a value of `withValues` goes: a parameter Kysely passes through untouched. */
class Marker {
  constructor(readonly index: number) {}
}

/** The statement built with markers, or null where the builder cannot take one (it wrote a value into the text). */
function templateOf<R, V extends readonly unknown[]>(
  build: (...values: V) => Compilable<R>,
  markers: V,
): CompiledQuery<R> | null {
  try {
    return build(...markers).compile();
  } catch {
    return null;
  }
}

/**
 * The template's parameters with its markers replaced by the values. The query node is the template's: no plugin reads
 * it.
 */
function fill<R>(template: CompiledQuery<R>, values: readonly unknown[]): CompiledQuery<R> {
  const parameters = template.parameters.map((p) => (p instanceof Marker ? values[p.index] : p));
  return { ...template, parameters };
}

const sameStatement = (a: CompiledQuery, b: CompiledQuery) =>
  a.sql === b.sql && JSON.stringify(a.parameters) === JSON.stringify(b.parameters);

function assertSameStatement(key: string, cached: CompiledQuery, built: CompiledQuery): void {
  if (!sameStatement(cached, built))
    throw new Error(`statement cache: the key ${key} was built into another statement; the key misses an input`);
}

/** The portal's statements: about 3 KB each, so at most some 6 MB. */
export const statements = new StatementCache(2000);

/** Runs the statement `build` gives, compiled once per key; a null key builds it every time. */
export async function executeCached<R>(db: Executor, key: string | null, build: () => Compilable<R>): Promise<R[]> {
  const query = key === null ? build() : statements.compiled(key, build);
  return (await db.executeQuery(query)).rows;
}

/**
 * Runs `build(...values)`, compiled once per key with the values as its parameters (StatementCache `withValues`); a
 * null key builds it every time.
 */
export async function executeWithValues<R, V extends readonly unknown[]>(
  db: Executor,
  key: string | null,
  values: V,
  build: (...values: V) => Compilable<R>,
): Promise<R[]> {
  const query = key === null ? build(...values) : statements.withValues(key, values, build);
  return (await db.executeQuery(query)).rows;
}
