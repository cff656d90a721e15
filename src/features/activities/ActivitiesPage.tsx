import { EmptyPage } from '../../shell/EmptyPage';

export function ClientActivitiesPage() {
  return <EmptyPage />;
}
export function RepairActivitiesPage() {
  return <EmptyPage />;
}
