import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { StatementCache } from './statement-cache';

// Compiling needs no database: Kysely's PostgreSQL compiler with a driver that is never asked.
const db = new Kysely<{ t: { id: number; name: string } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const byName = (name: string) => db.selectFrom('t').select('id').where('name', '=', name);

describe('StatementCache', () => {
  it("builds a key's statement once and hands the same text and parameters out again", () => {
    const cache = new StatementCache(10);
    let builds = 0;
    const build = () => {
      builds++;
      return byName('a');
    };
    const first = cache.compiled('a', build);
    const again = cache.compiled('a', build);
    expect(builds).toBe(1);
    expect(again).toBe(first);
    expect([again.sql, again.parameters]).toEqual(['select "id" from "t" where "name" = $1', ['a']]);
  });

  it('lets the least recently used key go beyond its capacity', () => {
    const cache = new StatementCache(2);
    let builds = 0;
    const get = (key: string) =>
      cache.compiled(key, () => {
        builds++;
        return byName(key);
      });
    get('a');
    get('b');
    get('a'); // a is now more recent than b
    get('c'); // b goes
    expect([cache.size, builds]).toEqual([2, 3]);
    get('a');
    expect(builds).toBe(3);
    get('b');
    expect(builds).toBe(4);
  });

  it('under verification, fails a key that leaves an input out', () => {
    const cache = new StatementCache(10);
    cache.verifyEveryHit = true;
    cache.compiled('list', () => byName('a'));
    expect(cache.compiled('list', () => byName('a')).parameters).toEqual(['a']);
    expect(() => cache.compiled('list', () => byName('b'))).toThrow(/the key list was built into another statement/);
  });
});

describe('StatementCache withValues', () => {
  it("compiles a statement once with markers and fills in each call's values", () => {
    const cache = new StatementCache(10);
    let builds = 0;
    const build = (name: string) => {
      builds++;
      return byName(name);
    };
    const first = cache.withValues('by name', ['a'], build);
    expect(builds, 'the first call builds with its value and with a marker').toBe(2);
    const second = cache.withValues('by name', ['b'], build);
    expect(builds).toBe(2);
    expect([first.sql, first.parameters, second.sql, second.parameters]).toEqual([
      'select "id" from "t" where "name" = $1',
      ['a'],
      'select "id" from "t" where "name" = $1',
      ['b'],
    ]);
  });

  it('keeps no statement whose text depends on its value, and fails it under verification', () => {
    const cache = new StatementCache(10);
    const byLength = (name: string) =>
      typeof name === 'string' && name.length > 1 ? byName(name).limit(1) : byName(name);
    expect(cache.withValues('by length', ['ab'], byLength).sql).toMatch(/limit \$2$/);
    expect(cache.size).toBe(0);
    const written = (name: string) => db.selectFrom('t').select(sql.lit(name).as('x'));
    expect(cache.withValues('written', ['a'], written).sql).toBe('select \'a\' as "x" from "t"');
    expect(cache.size).toBe(0);
    cache.verifyEveryHit = true;
    expect(() => cache.withValues('by length', ['ab'], byLength)).toThrow(/does not take its values as parameters/);
  });
});

describe('StatementCache withValues, a value taken from elsewhere', () => {
  it('keeps no statement that has a value of the call where a marker should be', () => {
    const cache = new StatementCache(10);
    const input = { name: 'a' };
    // The builder reads the name from its input as well as from its value: another call's value would not reach the
    // second condition.
    const both = (name: string) => byName(name).where('name', '!=', input.name);
    expect(cache.withValues('both', ['a'], both).parameters).toEqual(['a', 'a']);
    expect(cache.size).toBe(0);
  });
});

describe('StatementCache withValues without values', () => {
  it('builds the statement once, as compiled() does', () => {
    const cache = new StatementCache(10);
    let builds = 0;
    const build = () => {
      builds++;
      return byName('a');
    };
    cache.withValues('none', [], build);
    cache.withValues('none', [], build);
    expect([builds, cache.size]).toEqual([1, 1]);
  });
});
