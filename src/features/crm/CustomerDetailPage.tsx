import { EmptyPage } from '../../shell/EmptyPage';

export function CustomerDetailPage() {
  return <EmptyPage />;
}
