import { EmptyPage } from '../../../shell/EmptyPage';

export function EolDetailPage() {
  return <EmptyPage />;
}
