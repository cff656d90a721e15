import { StackedTable } from '../../../ui/table/StackedTable';
import type { ArticleCount } from './check-out-counts';

/** The check-out's articles: how many to deliver and how many are checked out ('Uitgeklaard'). */
export function ArticleCountsTable({ articles, label }: { articles: ArticleCount[]; label: string }) {
  return (
    <StackedTable
      label={label}
      className="fw-counts"
      rows={articles}
      columns={[
        { label: 'Artikelomschrijving', cell: (a) => a.name },
        { label: 'Artikelnummer', cell: (a) => a.articleNumber },
        { label: 'Aantal', cell: (a) => a.expected },
        { label: 'Uitgeklaard', cell: (a) => a.checkedOut, testId: (a) => `fw-checked-out-${a.id}` },
      ]}
    />
  );
}
