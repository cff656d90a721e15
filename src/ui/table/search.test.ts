import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { QueryClient } from '@tanstack/react-query';
import { initialParams } from './state';
import { readUrlState } from './url-state';
import { preloadTable, tableParamsOf, tableSearch, tableSearchDefaults } from './search';

const schema = v.object({
  tab: v.fallback(v.optional(v.picklist(['open', 'archive']), 'open'), 'open'),
  ...tableSearch(['client']),
  ...tableSearch(['client'], 'b'),
});

describe("a list route's search schema", () => {
  it('reads the table keys as the router parsed them, with page 1 and the first tab as defaults', () => {
    expect(v.parse(schema, {})).toEqual({ tab: 'open', page: 1, b_page: 1 });
    expect(
      v.parse(schema, {
        q: 123,
        page: '3',
        order: 'desc',
        sort: 'name',
        f_client: 7,
        b_f_client: null,
        tab: 'archive',
      }),
    ).toEqual({
      tab: 'archive',
      q: '123',
      page: 3,
      order: 'desc',
      sort: 'name',
      f_client: 7,
      b_f_client: null,
      b_page: 1,
    });
  });

  it('drops what it cannot use instead of failing the page', () => {
    expect(v.parse(schema, { page: 'x', order: 'sideways', tab: 'elsewhere', f_client: { a: 1 }, b_page: -2 })).toEqual(
      { tab: 'open', page: 1, b_page: 1 },
    );
  });

  it('names the defaults stripped from the URL per table', () => {
    expect(tableSearchDefaults()).toEqual({ page: 1 });
    expect(tableSearchDefaults('b')).toEqual({ b_page: 1 });
  });

  it('gives the loader the same table params the table reads from the raw URL (one query key)', () => {
    const raws = [
      {},
      { q: 'dell', page: 2 },
      { f_client: 4, sort: 'name', order: 'desc' },
      { f_client: null, q: 42 },
      { b_q: 'x', b_page: 3 },
    ];
    for (const raw of raws) {
      expect(tableParamsOf(v.parse(schema, raw))).toEqual(readUrlState(raw, initialParams()));
      expect(tableParamsOf(v.parse(schema, raw), undefined, 'b')).toEqual(readUrlState(raw, initialParams(), 'b'));
    }
  });
});

describe('preloading a list', () => {
  it('keeps a loaded first page and drops a failed one, so the table asks again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ok = { queryKey: ['list', 'ok'], queryFn: async () => ({ data: [1] }) };
    await preloadTable(queryClient, ok.queryKey, () => queryClient.ensureQueryData(ok));
    expect(queryClient.getQueryData(ok.queryKey)).toEqual({ data: [1] });

    const failing = {
      queryKey: ['list', 'failing'],
      queryFn: async (): Promise<unknown> => {
        throw new Error('500');
      },
    };
    await preloadTable(queryClient, failing.queryKey, () => queryClient.ensureQueryData(failing));
    expect(queryClient.getQueryCache().find({ queryKey: failing.queryKey })).toBeUndefined();
  });
});
