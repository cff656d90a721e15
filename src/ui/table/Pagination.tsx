import { pageItems, rangeOf } from './state';

interface PaginationProps {
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
  rowsOnPage: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, lastPage, perPage, total, rowsOnPage, onPage }: PaginationProps) {
  const { from, to } = rangeOf(page, perPage, total, rowsOnPage);
  return (
    <div className="table-footer">
      <span className="table-count">{total > 0 ? `${from}–${to} van ${total}` : ''}</span>
      {lastPage > 1 && (
        <nav className="pagination" aria-label="Paginering">
          <button
            type="button"
            className="page-button"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label="Vorige pagina"
          >
            ‹
          </button>
          {pageItems(page, lastPage).map((item, i) =>
            item === '…' ? (
              <span key={`gap-${i}`} className="page-gap" aria-hidden>
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={item === page ? 'page-button active' : 'page-button'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Pagina ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            ),
          )}
          <button
            type="button"
            className="page-button"
            disabled={page >= lastPage}
            onClick={() => onPage(page + 1)}
            aria-label="Volgende pagina"
          >
            ›
          </button>
        </nav>
      )}
    </div>
  );
}
