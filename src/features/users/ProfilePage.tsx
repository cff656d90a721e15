import { EmptyPage } from '../../shell/EmptyPage';

export function ProfilePage() {
  return <EmptyPage />;
}
