import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../../api/errors';
import { otpSchema } from '@domain/schemas/auth';
import { toastError } from '../../../shell/toast';
import { useApiForm } from '../../../ui/form/useApiForm';
import { TextField } from '../../../ui/form/TextField';
import { SubmitButton } from '../../../ui/form/FormError';
import type { SessionAnswer } from '../../../session';
import { groupSecret, qrImageSource, useOtpQrCode } from '../api/otp-qrcode';
import { useEnableTwoFactor } from '../api/otp-enable';
import { useVerifyTwoFactor } from '../api/otp-verify';
import { useSignedInUser } from '../../../session';
import { useRedirectTarget, withRedirect } from '../redirect';

/** Too many attempts (429) says so; anything else gets the spec's toast text. */
const failure = (text: string) => (err: unknown) => {
  toastError(err instanceof ApiError && err.status === 429 ? err.message : text);
};

export function TwoFactorCodePage() {
  const user = useSignedInUser();
  if (!user) return null;
  return <CodeStep user={user} />;
}

/**
 * The mode is fixed when the screen opens: enabling two-step verification changes the cached user
 * to "enabled and verified", and the screen must not switch to the code entry under the user's hands.
 */
function CodeStep({ user }: { user: SessionAnswer }) {
  const [mode] = useState(() => (!user.otp_enabled ? 'setup' : user.otp_authorized ? 'done' : 'verify'));
  const redirect = useRedirectTarget();
  const navigate = useNavigate();
  useEffect(() => {
    if (mode === 'done') void navigate({ href: redirect ?? '/', replace: true });
  }, [mode, navigate, redirect]);
  if (mode === 'setup') return <SetupCode redirect={redirect} />;
  if (mode === 'verify') return <VerifyCode redirect={redirect} />;
  return null;
}

function useCodeForm(
  submit: (input: { otp_secret: string }) => Promise<unknown>,
  onSuccess: () => Promise<void>,
  failureText: string,
) {
  return useApiForm({
    initial: { otp_secret: '' },
    schema: otpSchema,
    submit,
    onSuccess,
    onError: failure(failureText),
  });
}

function CodeField({ form, autoFocus }: { form: ReturnType<typeof useCodeForm>; autoFocus?: boolean }) {
  const bound = form.bind('otp_secret');
  return (
    <TextField
      {...bound}
      label="Verificatiecode"
      hint="De code van 6 cijfers uit je authenticator-app."
      onChange={(value) => bound.onChange(value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      className="field-otp"
      autoFocus={autoFocus}
    />
  );
}

function SetupCode({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const qr = useOtpQrCode();
  const enable = useEnableTwoFactor();
  const form = useCodeForm(
    enable.mutateAsync,
    () => navigate({ href: withRedirect('/tweestapsverificatie/succes', redirect) }),
    'Verificatie opslaan mislukt',
  );

  // Each load makes a new secret: load once per visit (StrictMode runs effects twice in development).
  const loaded = useRef(false);
  const load = qr.mutate;
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    load(undefined, { onError: failure('QR-code kan niet worden ingeladen') });
  }, [load]);

  return (
    <>
      <h1>Scan de QR-code</h1>
      <p>Open je authenticator-app, kies voor een nieuw account toevoegen en scan deze QR-code.</p>
      <div className="otp-qr" aria-busy={qr.isPending}>
        {qr.data ? (
          <img src={qrImageSource(qr.data.qr_code)} alt="QR-code voor je authenticator-app" width={200} height={200} />
        ) : qr.isError ? (
          <div className="otp-qr-failed">
            <span>QR-code kan niet worden ingeladen</span>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => qr.mutate(undefined, { onError: failure('QR-code kan niet worden ingeladen') })}
            >
              Opnieuw proberen
            </button>
          </div>
        ) : (
          <span className="auth-muted">QR-code laden…</span>
        )}
      </div>
      {qr.data && (
        <div className="otp-secret-box">
          <span className="auth-muted">Geen camera? Vul deze sleutel in de app in:</span>
          <code data-testid="otp-secret" className="otp-secret">
            {groupSecret(qr.data.secret)}
          </code>
        </div>
      )}
      <form {...form.formProps}>
        <CodeField form={form} />
        <SubmitButton pending={form.submitting} disabled={!qr.data} className="button button-primary auth-full">
          Activeren
        </SubmitButton>
      </form>
    </>
  );
}

function VerifyCode({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const verify = useVerifyTwoFactor();
  const form = useCodeForm(verify.mutateAsync, () => navigate({ href: redirect ?? '/' }), 'Verificatie mislukt');
  return (
    <>
      <h1>Verificatiecode</h1>
      <p>Open je authenticator-app en vul de code in die bij dit portaal staat.</p>
      <form {...form.formProps}>
        <CodeField form={form} autoFocus />
        <SubmitButton pending={form.submitting} className="button button-primary auth-full">
          Verifiëren
        </SubmitButton>
      </form>
      <p className="auth-footer-link">
        <Link to="/inloggen">Inloggen met een ander account</Link>
      </p>
    </>
  );
}
