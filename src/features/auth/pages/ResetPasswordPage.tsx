import { EmptyPage } from '../../../shell/EmptyPage';

export function ResetPasswordPage() {
  return <EmptyPage />;
}
