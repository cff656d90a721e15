import { SuccessRedirect } from '../components/SuccessRedirect';
import { useRedirectTarget } from '../redirect';

export function TwoFactorSuccessPage() {
  const redirect = useRedirectTarget();
  return (
    <SuccessRedirect title="Tweestapsverificatie is ingesteld" to={redirect ?? '/'} linkText="Direct naar het portaal">
      <p>Vanaf nu vraagt het portaal bij het inloggen ook om een code uit je authenticator-app.</p>
    </SuccessRedirect>
  );
}
