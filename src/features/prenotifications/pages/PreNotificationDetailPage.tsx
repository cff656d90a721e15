import { EmptyPage } from '../../../shell/EmptyPage';

export function PreNotificationDetailPage() {
  return <EmptyPage />;
}
