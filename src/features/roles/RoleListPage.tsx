import { EmptyPage } from '../../shell/EmptyPage';

export function RoleListPage() {
  return <EmptyPage />;
}
