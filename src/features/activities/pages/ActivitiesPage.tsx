import { getRouteApi } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDate, formatTime } from '../../../domain/format';
import { usePageTitle } from '../../../shell/page-title';
import { clientActivitiesQueryOptions, useClientName } from '../api/get-client-events';
import { repairActivitiesQueryOptions } from '../api/get-repair-events';

const route = getRouteApi('/app/activiteiten/$id');

/** Activities of a client (/activiteiten/{id}): Datum, Tijd, Omschrijving, Artikel; newest first. */
export function ClientActivitiesPage() {
  const { id } = route.useParams();
  // The route's loader fetched them (src/router.tsx); a load failure shows the route's notice.
  const { data } = useSuspenseQuery(clientActivitiesQueryOptions(id));
  const name = useClientName(id);
  usePageTitle(name ? `Activiteiten van ${name}` : null);
  return (
    <div className="panel">
      <div className="table-scroll">
        <table className="table" aria-label="Activiteiten">
          <thead>
            <tr><th scope="col">Datum</th><th scope="col">Tijd</th><th scope="col">Omschrijving</th><th scope="col">Artikel</th></tr>
          </thead>
          <tbody>
            {data.length === 0 && <tr className="empty-row"><td colSpan={4}>Er is geen data gevonden</td></tr>}
            {data.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(e.created_at)}</td>
                <td>{formatTime(e.created_at)}</td>
                <td>{describe(e)}</td>
                <td>{e.product_name ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The action, with the status when the action does not already say it. */
function describe(e: { action: string; status_name: string | null }): string {
  if (!e.status_name || e.action.toLowerCase().includes(e.status_name.toLowerCase())) return e.action;
  return `${e.action} (${e.status_name})`;
}

const repairRoute = getRouteApi('/app/activiteiten/leveringen/$id');

/** Activities of a repair (/activiteiten/leveringen/{id}, spec 2 §2.14): Datum, Tijd, Omschrijving, Artikel. */
export function RepairActivitiesPage() {
  const { id } = repairRoute.useParams();
  const { data } = useSuspenseQuery(repairActivitiesQueryOptions(id));
  return (
    <div className="panel">
      <div className="table-scroll">
        <table className="table" aria-label="Activiteiten">
          <thead>
            <tr><th scope="col">Datum</th><th scope="col">Tijd</th><th scope="col">Omschrijving</th><th scope="col">Artikel</th></tr>
          </thead>
          <tbody>
            {data.length === 0 && <tr className="empty-row"><td colSpan={4}>Er is geen data gevonden</td></tr>}
            {data.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(e.created_at)}</td>
                <td>{formatTime(e.created_at)}</td>
                <td>{e.status_name ?? e.action}</td>
                <td>{[e.product_name, e.serial].filter(Boolean).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
