import { EmptyPage } from '../shell/EmptyPage';

export function OutboxPage() {
  return <EmptyPage />;
}
