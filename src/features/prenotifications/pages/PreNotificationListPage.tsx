import { EmptyPage } from '../../../shell/EmptyPage';

export function PreNotificationListPage() {
  return <EmptyPage />;
}
