import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './database';

/**
 * Statements compiled once per set of inputs. Building a list's statement with Kysely and compiling it
 * to SQL cost node 0.05–0.15 ms per request (trees of frozen nodes, cloned at every step, then
 * visited): a fifth of a product page's node time (docs/PERFORMANCE.md, seventeenth round). A list
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
    const hit = this.#entries.get(key) as CompiledQuery<R> | undefined;
    if (hit) {
      // A Map keeps insertion order: the most recently used key goes last, the first key is the one to evict.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      if (this.verifyEveryHit) assertSameStatement(key, hit, build().compile());
      return hit;
    }
    const fresh = build().compile();
    this.#entries.set(key, fresh);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    return fresh;
  }

  clear(): void {
    this.#entries.clear();
  }
}

function assertSameStatement(key: string, cached: CompiledQuery, built: CompiledQuery): void {
  if (cached.sql !== built.sql || JSON.stringify(cached.parameters) !== JSON.stringify(built.parameters)) {
    throw new Error(`statement cache: the key ${key} was built into another statement; the key misses an input`);
  }
}

/** The portal's statements: about 3 KB each, so at most some 6 MB. */
export const statements = new StatementCache(2000);

/** Runs the statement `build` gives, compiled once per key; a null key builds it every time. */
export async function executeCached<R>(db: Executor, key: string | null, build: () => Compilable<R>): Promise<R[]> {
  const query = key === null ? build() : statements.compiled(key, build);
  return (await db.executeQuery(query)).rows;
}
