import { EmptyPage } from '../../../shell/EmptyPage';

export function DeliveriesPage() {
  return <EmptyPage />;
}
