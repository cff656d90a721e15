import { EmptyPage } from '../../../shell/EmptyPage';

export function TwoFactorSuccessPage() {
  return <EmptyPage />;
}
