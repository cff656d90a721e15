import { EmptyPage } from '../../../shell/EmptyPage';

export function ItemDetailPage() {
  return <EmptyPage />;
}
