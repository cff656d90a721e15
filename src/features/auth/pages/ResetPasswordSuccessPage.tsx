import { SuccessRedirect } from '../components/SuccessRedirect';

export function ResetPasswordSuccessPage() {
  return (
    <SuccessRedirect title="Je wachtwoord is vernieuwd" to="/inloggen" linkText="Naar inloggen">
      <p>Je kunt nu inloggen met je nieuwe wachtwoord.</p>
    </SuccessRedirect>
  );
}
