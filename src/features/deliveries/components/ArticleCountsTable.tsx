import type { ArticleCount } from './check-out-counts';

/** The check-out's articles: how many to deliver and how many are checked out ('Uitgeklaard'). */
export function ArticleCountsTable({ articles, label }: { articles: ArticleCount[]; label: string }) {
  return (
    <div className="table-scroll">
      <table className="table table-stacked fw-counts" aria-label={label}>
        <thead>
          <tr>
            <th>Artikelomschrijving</th>
            <th>Artikelnummer</th>
            <th>Aantal</th>
            <th>Uitgeklaard</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((a) => (
            <tr key={a.id}>
              <td>{a.name}</td>
              <td data-label="Artikelnummer">{a.articleNumber}</td>
              <td data-label="Aantal">{a.expected}</td>
              <td data-label="Uitgeklaard" data-testid={`fw-checked-out-${a.id}`}>
                {a.checkedOut}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
