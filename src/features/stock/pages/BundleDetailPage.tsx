import { EmptyPage } from '../../../shell/EmptyPage';

export function BundleDetailPage() {
  return <EmptyPage />;
}
