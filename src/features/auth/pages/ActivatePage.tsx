import { EmptyPage } from '../../../shell/EmptyPage';

export function ActivatePage() {
  return <EmptyPage />;
}
