import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { ListParams } from './list-params';

// A list's search term as SQL: contains (ILIKE, with the identifying word of a code) and starts-with (prefix ranges).

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text parameter behind a scalar subquery: no plan can read its value ahead of execution, so custom
 * and generic plans of the statement cost the same and PostgreSQL keeps the generic one (as `pageBounds`
 * does for an offset). For a statement whose custom plans cost more to make than they save.
 */
export const opaqueText = (text: string): RawBuilder<string> => sql<string>`(select ${text}::text)`;

/** A search's text as a parameter, or with `opaque` behind a scalar subquery. */
const textValue = (opaque: boolean) => (opaque ? opaqueText : (text: string) => sql<string>`${text}`);

/**
 * The same, lowercased: with `opaque` inside the subquery, so it is lowercased once and not again for every row it is
 * compared with.
 */
const loweredValue = (opaque: boolean) =>
  opaque ? (text: string) => sql<string>`(select lower(${text}::text))` : (text: string) => sql<string>`lower(${text})`;

/**
 * The longest word of a term that narrows a trigram lookup: five or more letters and digits, at least
 * one a digit (the number part of an order number, a serial, a reference), in a term of more words.
 * Null when there is none.
 */
export function identifyingWord(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 2) return null;
  const candidates = words.filter((w) => w.length >= 5 && /\p{N}/u.test(w));
  return candidates.reduce<string | null>((longest, w) => (!longest || w.length > longest.length ? w : longest), null);
}

/**
 * What a search term puts into a statement, computed before the statement is built: the pattern the
 * trigram index is asked for (the term's, or its identifying word's), the whole term where a word
 * narrowed it, and the prefix range of the upper() indexes. A statement can then be built once per
 * shape with markers in their place (statement-cache.ts `withValues`): `termShape` says which values
 * a term has, `termParameters` lists them, `termOf` puts them back.
 */
export interface TermValues {
  pattern: string;
  whole: string | null;
  from: string;
  to: string | null;
}

export function termValues(search: string): TermValues {
  const word = identifyingWord(search);
  const { from, to } = prefixRange(search);
  return { pattern: likePattern(word ?? search), whole: word === null ? null : search, from, to };
}

/** The search of a list's parameters as a statement's values; null without one. */
export const searchTerm = (params: ListParams): TermValues | null =>
  params.search === '' ? null : termValues(params.search);

/** Which values a term has: the text of a statement built with it differs by them alone. */
export const termShape = (t: TermValues): string =>
  `${t.whole === null ? 'term' : 'word'}:${t.to === null ? 'open' : 'range'}`;

/** The term's values in a fixed order, the absent ones left out (its shape says which). */
export const termParameters = (t: TermValues): string[] =>
  [t.pattern, t.whole, t.from, t.to].filter((v): v is string => v !== null);

/** The term of `t`'s shape whose values are `values`, in termParameters' order. */
export function termOf(t: TermValues, values: readonly string[]): TermValues {
  let i = 0;
  const next = () => values[i++] as string;
  return { pattern: next(), whole: t.whole === null ? null : next(), from: next(), to: t.to === null ? null : next() };
}

/**
 * `column ILIKE %term%` on a column with a trigram index. A code's common parts make the index lookup
 * slow: in `BLEV-0012345` the trigrams of `BLEV` and of a word that starts with `00` are in every
 * order number, and PostgreSQL reads all their entries (3.3 ms at 200,000 deliveries). The index is
 * then asked for the identifying word only (`%0012345%`: 0.14 ms) and the whole term is checked on
 * the rows it finds, in a form the index does not take (`strpos(lower(…))`, what ILIKE does in UTF-8).
 * The rows are the same: every row that contains the term contains the word. `lowered`: the column
 * holds its text lowercased already (products.name_search), so no row is lowercased while it is read.
 * `opaque`: the term's values behind scalar subqueries (`opaqueText`).
 */
export function containsTerm(
  column: Expression<string | null>,
  search: string | TermValues,
  { lowered = false, opaque = false } = {},
): RawBuilder<SqlBool> {
  const t = typeof search === 'string' ? termValues(search) : search;
  const value = textValue(opaque);
  const lowerValue = loweredValue(opaque);
  const contains = lowered ? sql`${column} like ${lowerValue(t.pattern)}` : sql`${column} ilike ${value(t.pattern)}`;
  if (t.whole === null) return sql<SqlBool>`${contains}`;
  const whole = lowered
    ? sql`strpos(${column}, ${lowerValue(t.whole)})`
    : sql`strpos(lower(${column}), ${lowerValue(t.whole)})`;
  return sql<SqlBool>`(${contains} and ${whole} > 0)`;
}

/**
 * The values of `upper(column)` that start with the term, as a range for the upper() text_pattern_ops
 * indexes: from the term in capitals up to, not including, the same with its last character one
 * higher (byte order is code point order in UTF-8). `to` is null when no such text exists. A range
 * and not `LIKE 'TERM%'`: PostgreSQL turns a LIKE into an index range only when the pattern is a
 * constant of the plan, so a search with its pattern as a parameter had to be planned again on every
 * call (docs/PERFORMANCE.md; the round in git history).
 */
export function prefixRange(search: string): { from: string; to: string | null } {
  const from = search.toUpperCase();
  const points = [...from].map((c) => c.codePointAt(0) ?? 0);
  for (let last = points.pop(); last !== undefined; last = points.pop()) {
    if (last < 0x10ffff) {
      // The surrogates are no characters: after U+D7FF comes U+E000.
      points.push(last === 0xd7ff ? 0xe000 : last + 1);
      return { from, to: String.fromCodePoint(...points) };
    }
  }
  return { from, to: null };
}

/** `upper(column)` starts with the term, in capitals: a range of the column's upper() text_pattern_ops index. */
export function startsWithTerm(
  column: Expression<string | null>,
  search: string | TermValues,
  { opaque = false } = {},
): RawBuilder<SqlBool> {
  const { from, to } = typeof search === 'string' ? prefixRange(search) : search;
  const value = textValue(opaque);
  const upper = sql`upper(${column})`;
  return to === null
    ? sql<SqlBool>`${upper} ~>=~ ${value(from)}`
    : sql<SqlBool>`${upper} ~>=~ ${value(from)} and ${upper} ~<~ ${value(to)}`;
}
