import { EmptyPage } from '../../../shell/EmptyPage';

export function ForgotPasswordPage() {
  return <EmptyPage />;
}
