import { EmptyPage } from '../../../shell/EmptyPage';

export function RepairDetailPage() {
  return <EmptyPage />;
}
