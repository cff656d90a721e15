import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { loginSchema } from '@domain/schemas/auth';
import { useApiForm } from '../../../ui/form/useApiForm';
import { PasswordField, TextField } from '../../../ui/form/TextField';
import { SubmitButton } from '../../../ui/form/FormError';
import { useUnsavedWork } from '../../../shell/update-guard';
import { useLogin } from '../api/login';
import { currentBrowserSupported } from '../browser-support';
import { useRedirectTarget, withRedirect } from '../redirect';

export function LoginPage() {
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const [supported] = useState(currentBrowserSupported);
  const login = useLogin();
  const form = useApiForm({
    initial: { email: '', password: '' },
    schema: loginSchema,
    submit: login.mutateAsync,
    onSuccess: async (user) => {
      // The two-step screens come first: set-up when not enabled yet, otherwise the code.
      if (!user.otp_enabled) await navigate({ href: withRedirect('/tweestapsverificatie', redirect) });
      else if (!user.otp_authorized) await navigate({ href: withRedirect('/tweestapsverificatie/qr', redirect) });
      else await navigate({ href: redirect ?? '/' });
    },
  });
  useUnsavedWork(form.values.email !== '' || form.values.password !== '');

  return (
    <>
      <h1>Inloggen</h1>
      <p className="auth-muted">Log in met je e-mailadres en wachtwoord.</p>
      {!supported && (
        <div className="notice notice-warning auth-notice" role="note">
          <strong>Deze browser wordt niet ondersteund.</strong> Het portaal werkt alleen goed in Chrome, Edge en Safari.
          Gebruik een van deze browsers om problemen te voorkomen.
        </div>
      )}
      <form {...form.formProps}>
        <TextField
          label="E-mailadres"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.bind('email')}
        />
        <PasswordField label="Wachtwoord" autoComplete="current-password" required {...form.bind('password')} />
        <div className="form-actions auth-actions">
          <SubmitButton pending={form.submitting} className="button button-primary auth-full">
            Inloggen
          </SubmitButton>
          <Link to="/wachtwoord-vergeten" className="auth-link">
            Wachtwoord vergeten?
          </Link>
        </div>
      </form>
    </>
  );
}
