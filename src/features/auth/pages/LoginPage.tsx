import { EmptyPage } from '../../../shell/EmptyPage';

export function LoginPage() {
  return <EmptyPage />;
}
