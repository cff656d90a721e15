import { EmptyPage } from '../../../shell/EmptyPage';

export function RepairsPage() {
  return <EmptyPage />;
}
