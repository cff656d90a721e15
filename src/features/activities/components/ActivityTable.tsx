import { formatDate, formatTime } from '@domain/format';

/** What differs per kind of activity: the Omschrijving and Artikel cells. */
export interface ActivityColumns<Row> {
  description: (row: Row) => string;
  article: (row: Row) => string;
}

/** The activities table (Datum, Tijd, Omschrijving, Artikel) of a client or a repair; rows come newest first. */
export function ActivityTable<Row extends { id: number; created_at: string }>({
  rows,
  columns,
}: {
  rows: Row[];
  columns: ActivityColumns<Row>;
}) {
  return (
    <div className="panel">
      <div className="table-scroll">
        <table className="table" aria-label="Activiteiten">
          <thead>
            <tr>
              <th scope="col">Datum</th>
              <th scope="col">Tijd</th>
              <th scope="col">Omschrijving</th>
              <th scope="col">Artikel</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr className="empty-row">
                <td colSpan={4}>Er is geen data gevonden</td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{formatDate(row.created_at)}</td>
                <td>{formatTime(row.created_at)}</td>
                <td>{columns.description(row)}</td>
                <td>{columns.article(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
