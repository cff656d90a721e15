import { EmptyPage } from '../../../shell/EmptyPage';

export function ProductDetailPage() {
  return <EmptyPage />;
}
