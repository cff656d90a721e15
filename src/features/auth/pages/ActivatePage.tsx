import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { activateSchema } from '@domain/schemas/auth';
import { useApiForm } from '../../../ui/form/useApiForm';
import { PasswordField } from '../../../ui/form/TextField';
import { CheckboxField } from '../../../ui/form/ChoiceFields';
import { FormError, SubmitButton } from '../../../ui/form/FormError';
import { useActivateAccount } from '../api/activate';
import { PASSWORD_HINT } from '../password-hint';

const route = getRouteApi('/auth/activeren/$token');

export function ActivatePage() {
  const { token } = route.useParams();
  const navigate = useNavigate();
  const activate = useActivateAccount();
  const form = useApiForm({
    initial: { password: '', password_confirmation: '', accepted_terms: false, token },
    schema: activateSchema,
    submit: activate.mutateAsync,
    onSuccess: () => navigate({ to: '/tweestapsverificatie' }),
  });

  return (
    <>
      <h1>Account aanmaken</h1>
      <p className="auth-muted">Kies een wachtwoord om je account te activeren.</p>
      <form {...form.formProps}>
        <FormError message={form.error('token')} />
        <PasswordField
          label="Wachtwoord"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          required
          autoFocus
          {...form.bind('password')}
        />
        <PasswordField
          label="Herhaal wachtwoord"
          autoComplete="new-password"
          required
          {...form.bind('password_confirmation')}
        />
        <CheckboxField
          {...form.bind('accepted_terms')}
          required
          label={
            <>
              Ik ga akkoord met de{' '}
              <a href="/gebruiksvoorwaarden.html" target="_blank" rel="noopener">
                gebruiksvoorwaarden
              </a>
            </>
          }
        />
        <SubmitButton pending={form.submitting} className="button button-primary auth-full">
          Account aanmaken
        </SubmitButton>
      </form>
    </>
  );
}
