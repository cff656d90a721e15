import { useSignedInUser } from '../../../session';
import { HrefLink } from '../components/HrefLink';
import { useRedirectTarget, withRedirect } from '../redirect';

const APPS = [
  {
    name: 'Google Authenticator',
    android: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
    ios: 'https://apps.apple.com/app/google-authenticator/id388497605',
  },
  {
    name: 'Microsoft Authenticator',
    android: 'https://play.google.com/store/apps/details?id=com.azure.authenticator',
    ios: 'https://apps.apple.com/app/microsoft-authenticator/id983156458',
  },
];

export function TwoFactorIntroPage() {
  const user = useSignedInUser();
  const redirect = useRedirectTarget();
  if (!user) return null;
  return (
    <>
      <h1>Tweestapsverificatie</h1>
      <p>
        Om je account extra te beveiligen log je in met je wachtwoord én een verificatiecode. Die code maakt een
        authenticator-app op je telefoon; hij verandert elke 30 seconden.
      </p>
      <ol className="auth-steps">
        <li>
          Installeer een authenticator-app op je telefoon, bijvoorbeeld:
          <ul className="auth-apps">
            {APPS.map((app) => (
              <li key={app.name}>
                <strong>{app.name}</strong>
                <span className="auth-app-stores">
                  <a
                    href={app.android}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${app.name} in Google Play`}
                  >
                    Google Play
                  </a>
                  <a
                    href={app.ios}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${app.name} in de App Store`}
                  >
                    App Store
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </li>
        <li>Scan in de volgende stap de QR-code met de app.</li>
        <li>Vul de code van 6 cijfers in die de app laat zien.</li>
      </ol>
      <HrefLink href={withRedirect('/tweestapsverificatie/qr', redirect)} className="button button-primary auth-full">
        Volgende stap
      </HrefLink>
    </>
  );
}
