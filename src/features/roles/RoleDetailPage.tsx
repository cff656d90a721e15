import { EmptyPage } from '../../shell/EmptyPage';

export function RoleDetailPage() {
  return <EmptyPage />;
}
