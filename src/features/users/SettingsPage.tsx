import { EmptyPage } from '../../shell/EmptyPage';

export function SettingsPage() {
  return <EmptyPage />;
}
