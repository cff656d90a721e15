import { Link } from '@tanstack/react-router';
import { version } from '../../../../package.json';
import { useSessionUser } from '../../../session';
import '../users.css';

/** The package version, or VITE_APP_VERSION when a release build sets it (e.g. with the commit). */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION || version;

/** /instellingen: the spec shows no content, so: the own account and the version of the portal. */
export function SettingsPage() {
  const me = useSessionUser();
  return (
    <div className="um-settings">
      <section className="panel" aria-labelledby="settings-account">
        <h2 id="settings-account">Mijn account</h2>
        <p className="um-muted">
          Ingelogd als {me.name} ({me.email}).
        </p>
        <Link to="/profiel" className="button button-secondary">
          Mijn profiel
        </Link>
      </section>
      {me.isSuperuser && (
        <section className="panel" aria-labelledby="settings-mail">
          <h2 id="settings-mail">E-mail</h2>
          <p className="um-muted">Activatie-, wachtwoord- en offertemails die nog niet verstuurd zijn, met de reden.</p>
          <Link to="/mailwachtrij" className="button button-secondary">
            Mailwachtrij
          </Link>
        </section>
      )}
      <section className="panel" aria-labelledby="settings-about">
        <h2 id="settings-about">Over het portaal</h2>
        <dl className="um-facts">
          <div>
            <dt>Versie</dt>
            <dd data-testid="app-version">{APP_VERSION}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
