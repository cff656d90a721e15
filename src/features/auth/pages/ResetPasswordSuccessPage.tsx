import { EmptyPage } from '../../../shell/EmptyPage';

export function ResetPasswordSuccessPage() {
  return <EmptyPage />;
}
