import { EmptyPage } from '../../shell/EmptyPage';

export function UserListPage() {
  return <EmptyPage />;
}
