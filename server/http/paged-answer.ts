import type { Paged } from '@domain/paged';
import type { ListParams } from './list-params';

// The spec's paged answer (spec 1 §3) of rows already read: pageList (paging.ts) builds every list's with it.

/** from, from + 1, …, to (none when to < from). */
const pageNumbers = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The answer of one page: its rows, the list's total and the links to up to five pages either side. */
export function pagedAnswer<T>(data: T[], total: number, params: ListParams, basePath: string): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / params.perPage));
  const url = (p: number) => (p >= 1 && p <= lastPage ? `${basePath}?page=${p}` : null);
  return {
    data,
    current_page: params.page,
    last_page: lastPage,
    per_page: params.perPage,
    total,
    links: [
      { url: url(params.page - 1), label: '&laquo; Vorige', active: false },
      ...pageNumbers(Math.max(1, params.page - 5), Math.min(lastPage, params.page + 5)).map((p) => ({
        url: url(p),
        label: String(p),
        active: p === params.page,
      })),
      { url: url(params.page + 1), label: 'Volgende &raquo;', active: false },
    ],
  };
}

/** Every row of a list on one page (`showAll=true`, as the customer page's panels ask). */
export function everyRowAnswer<T>(rows: T[], params: ListParams, basePath: string): Paged<T> {
  return pagedAnswer(rows, rows.length, { ...params, page: 1, perPage: Math.max(1, rows.length) }, basePath);
}
