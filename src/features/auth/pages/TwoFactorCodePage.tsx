import { EmptyPage } from '../../../shell/EmptyPage';

export function TwoFactorCodePage() {
  return <EmptyPage />;
}
