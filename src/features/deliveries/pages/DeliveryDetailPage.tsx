import { EmptyPage } from '../../../shell/EmptyPage';

export function DeliveryDetailPage() {
  return <EmptyPage />;
}
