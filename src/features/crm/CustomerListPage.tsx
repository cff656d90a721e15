import { EmptyPage } from '../../shell/EmptyPage';

export function CustomerListPage() {
  return <EmptyPage />;
}
