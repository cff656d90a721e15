import { Link } from '@tanstack/react-router';

export function ForgotPasswordSuccessPage() {
  return (
    <div className="auth-success">
      <div className="auth-success-icon" aria-hidden>
        ✉
      </div>
      <h1>Controleer je e-mail</h1>
      <p>
        We hebben je een e-mail gestuurd met een link om een nieuw wachtwoord te kiezen. De link is 60 minuten geldig.
      </p>
      <p className="auth-muted">Geen e-mail ontvangen? Kijk ook in je map met ongewenste e-mail.</p>
      <Link to="/inloggen" className="button button-secondary auth-full">
        Terug naar inloggen
      </Link>
    </div>
  );
}
