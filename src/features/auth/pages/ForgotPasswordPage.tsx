import { Link, useNavigate } from '@tanstack/react-router';
import { passwordRecoverSchema } from '@domain/schemas/auth';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField } from '../../../ui/form/TextField';
import { SubmitButton } from '../../../ui/form/FormError';
import { useRequestPasswordReset } from '../api/password-recover';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const recover = useRequestPasswordReset();
  const form = useApiForm({
    initial: { email: '' },
    schema: passwordRecoverSchema,
    submit: recover.mutateAsync,
    onSuccess: () => navigate({ to: '/wachtwoord-vergeten/succes' }),
  });

  return (
    <>
      <h1>Wachtwoord vergeten</h1>
      <p className="auth-muted">
        Vul je e-mailadres in. Je ontvangt een e-mail met een link om een nieuw wachtwoord te kiezen.
      </p>
      <form {...form.formProps}>
        <TextField label="E-mailadres" type="email" autoComplete="email" required autoFocus {...form.bind('email')} />
        <div className="form-actions auth-actions">
          <SubmitButton pending={form.submitting} className="button button-primary auth-full">
            Verstuur link
          </SubmitButton>
          <Link to="/inloggen" className="auth-link">
            Terug naar inloggen
          </Link>
        </div>
      </form>
    </>
  );
}
