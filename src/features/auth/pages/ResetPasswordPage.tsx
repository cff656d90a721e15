import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { passwordResetSchema } from '@domain/schemas/auth';
import { useApiForm } from '../../../ui/form/useApiForm';
import { PasswordField, TextField } from '../../../ui/form/TextField';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { useResetPassword } from '../api/password-reset';
import { PASSWORD_HINT } from '../password-hint';

const route = getRouteApi('/auth/wachtwoord-vernieuwen/$token');

export function ResetPasswordPage() {
  const { token } = route.useParams();
  const { email } = route.useSearch();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useApiForm({
    initial: { email: typeof email === 'string' ? email : '', password: '', password_confirmation: '', token },
    schema: passwordResetSchema,
    submit: reset.mutateAsync,
    onSuccess: () => navigate({ to: '/wachtwoord-vernieuwen/succes' }),
  });
  const tokenError = form.error('token');

  return (
    <>
      <h1>Wachtwoord vernieuwen</h1>
      <p className="auth-muted">Kies een nieuw wachtwoord voor je account.</p>
      <form {...form.formProps}>
        {tokenError && (
          <div className="auth-token-error">
            <FormError message={tokenError} />
            <Link to="/wachtwoord-vergeten">Nieuwe link aanvragen</Link>
          </div>
        )}
        <TextField label="E-mailadres" type="email" autoComplete="username" required {...form.bind('email')} />
        <PasswordField
          label="Nieuw wachtwoord"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          required
          autoFocus
          {...form.bind('password')}
        />
        <PasswordField
          label="Herhaal nieuw wachtwoord"
          autoComplete="new-password"
          required
          {...form.bind('password_confirmation')}
        />
        <SubmitButton pending={form.submitting} className="button button-primary auth-full">
          Wachtwoord opslaan
        </SubmitButton>
      </form>
    </>
  );
}
