import { EmptyPage } from '../../../shell/EmptyPage';

export function PreNotificationProductsPage() {
  return <EmptyPage />;
}
