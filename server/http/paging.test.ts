import { describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import { listParams } from './list-params';
import { pageBounds } from './list-statements';
import { pagedAnswer } from './paged-answer';
import { identifyingWord, prefixRange } from './search-terms';

const labels = (page: number, total: number) =>
  pagedAnswer([], total, listParams({ page: String(page) }), '/api/x').links.map((l) => l.label);

describe('pagedAnswer links', () => {
  it('offers the previous link, up to five pages either side of the current one, and the next link', () => {
    expect(labels(1, 60)).toEqual(['&laquo; Vorige', '1', '2', '3', 'Volgende &raquo;']);
    expect(labels(10, 25 * 8000)).toEqual([
      '&laquo; Vorige',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      'Volgende &raquo;',
    ]);
    expect(labels(8000, 25 * 8000).slice(1, -1)).toEqual(['7995', '7996', '7997', '7998', '7999', '8000']);
    expect(labels(1, 0)).toEqual(['&laquo; Vorige', '1', 'Volgende &raquo;']);
  });

  it('marks the current page, and links only to pages that exist', () => {
    const { links, last_page } = pagedAnswer([], 60, listParams({ page: '3' }), '/api/x');
    expect(last_page).toBe(3);
    expect(links.filter((l) => l.active).map((l) => l.label)).toEqual(['3']);
    expect(links[0]!.url).toBe('/api/x?page=2');
    expect(links.at(-1)!.url).toBeNull();
    const past = pagedAnswer([], 60, listParams({ page: '7' }), '/api/x');
    expect(past.links.slice(1, -1).map((l) => l.label)).toEqual(['2', '3']);
  });
});

describe('pageBounds', () => {
  // Compiled only: the dialect never connects.
  const db = new Kysely<{ t: { id: number } }>({ dialect: new PostgresDialect({ pool: {} as never }) });
  const page = (n: number, perPage = 25) => {
    const { limit, offset } = pageBounds(listParams({ page: String(n), per_page: String(perPage) }));
    return db.selectFrom('t').select('id').limit(limit).offset(offset).compile();
  };

  it("writes the page size and the first ten pages' offsets into the text, so each gets a generic plan", () => {
    expect(page(1).sql).toMatch(/limit 25 offset 0$/);
    expect(page(10, 50).sql).toMatch(/limit 50 offset 450$/);
    expect(page(3).parameters).toEqual([]);
  });

  it('gives the deeper pages one text with the offset as a parameter behind a subquery, which no plan reads ahead', () => {
    expect(page(11).sql).toMatch(/limit 25 offset \(select \$1::bigint\)$/);
    expect(page(11).parameters).toEqual([250]);
    expect(page(40).sql).toBe(page(11).sql);
    expect(page(40).parameters).toEqual([975]);
  });
});

describe('identifyingWord', () => {
  it('picks the longest word with a digit of five or more characters from a term of more words', () => {
    expect(identifyingWord('BLEV-0012345')).toBe('0012345');
    expect(identifyingWord('SO 2026 000123')).toBe('000123');
    expect(identifyingWord('W12345-AB99')).toBe('W12345');
  });

  it('leaves a single word, and words without a long number, to the whole term', () => {
    expect(identifyingWord('BN000123457')).toBeNull();
    expect(identifyingWord('Stationsstraat 12')).toBeNull();
    expect(identifyingWord('Jan de Vries')).toBeNull();
    expect(identifyingWord('')).toBeNull();
  });
});

describe('prefixRange', () => {
  it('runs from the term in capitals up to the same with its last character one higher', () => {
    expect(prefixRange('bn0001')).toEqual({ from: 'BN0001', to: 'BN0002' });
    expect(prefixRange('ord-9')).toEqual({ from: 'ORD-9', to: 'ORD-:' });
    // LIKE's wildcards are plain characters here.
    expect(prefixRange('a_%')).toEqual({ from: 'A_%', to: 'A_&' });
    expect(prefixRange('zé')).toEqual({ from: 'ZÉ', to: 'ZÊ' });
  });

  it('steps over the surrogates and past the last code point', () => {
    expect(prefixRange('x\u{d7ff}')).toEqual({ from: 'X\u{d7ff}', to: 'X\u{e000}' });
    expect(prefixRange('x\u{1f600}')).toEqual({ from: 'X\u{1f600}', to: 'X\u{1f601}' });
    expect(prefixRange('x\u{10ffff}')).toEqual({ from: 'X\u{10ffff}', to: 'Y' });
    expect(prefixRange('\u{10ffff}')).toEqual({ from: '\u{10ffff}', to: null });
  });
});
