import { EmptyPage } from '../../../shell/EmptyPage';

export function TwoFactorIntroPage() {
  return <EmptyPage />;
}
