import { EmptyPage } from '../../../shell/EmptyPage';

export function ForgotPasswordSuccessPage() {
  return <EmptyPage />;
}
