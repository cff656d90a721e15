import { EmptyPage } from '../../shell/EmptyPage';

export function DashboardPage() {
  return <EmptyPage />;
}
