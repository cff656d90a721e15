import { getRouteApi } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { RepairEventRow } from '@domain/contracts/repairs';
import { usePageTitle } from '../../../shell/page-title';
import { clientActivitiesQueryOptions, useClientName, type ActivityRow } from '../api/get-client-events';
import { repairActivitiesQueryOptions } from '../api/get-repair-events';
import { ActivityTable, type ActivityColumns } from '../components/ActivityTable';

// Each page's route loader fetched its rows with the same factory (src/router.tsx); a load failure shows the route's
// notice.

const clientRoute = getRouteApi('/app/activiteiten/$id');

const clientColumns: ActivityColumns<ActivityRow> = {
  // The action, with the status when the action does not already say it.
  description: (e) =>
    !e.status_name || e.action.toLowerCase().includes(e.status_name.toLowerCase())
      ? e.action
      : `${e.action} (${e.status_name})`,
  article: (e) => e.product_name ?? '',
};

/** Activities of a client (/activiteiten/{id}). */
export function ClientActivitiesPage() {
  const { id } = clientRoute.useParams();
  const { data } = useSuspenseQuery(clientActivitiesQueryOptions(id));
  const name = useClientName(id);
  usePageTitle(name ? `Activiteiten van ${name}` : null);
  return <ActivityTable rows={data} columns={clientColumns} />;
}

const repairRoute = getRouteApi('/app/activiteiten/leveringen/$id');

const repairColumns: ActivityColumns<RepairEventRow> = {
  description: (e) => e.status_name ?? e.action,
  article: (e) => [e.product_name, e.serial].filter(Boolean).join(' · '),
};

/** Activities of a repair (/activiteiten/leveringen/{id}, spec 2 §2.14). */
export function RepairActivitiesPage() {
  const { id } = repairRoute.useParams();
  const { data } = useSuspenseQuery(repairActivitiesQueryOptions(id));
  return <ActivityTable rows={data} columns={repairColumns} />;
}
