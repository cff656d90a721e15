import { EmptyPage } from '../../shell/EmptyPage';

export function UserDetailPage() {
  return <EmptyPage />;
}
