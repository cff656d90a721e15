import { EmptyPage } from '../../../shell/EmptyPage';

export function EolPage() {
  return <EmptyPage />;
}
