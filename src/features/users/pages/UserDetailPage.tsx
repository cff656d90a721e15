import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { initials } from '@domain/format';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { showToast } from '../../../shell/toast';
import { useDeleteUser, useDisableTwoFactor, useResendActivation } from '../api/mutations';
import { userQueryOptions, type UserDetail } from '../api/users';
import { useSuspenseQuery } from '@tanstack/react-query';
import { UserFormModal } from '../components/UserFormModal';
import { useSessionUser } from '../../../session';
import '../users.css';

const route = getRouteApi('/app/gebruikers/$id');

/** After 'Verwijderen' the app reloads at / (spec 2 §7); the toast stays readable for a moment first. */
export const RELOAD_DELAY_MS = 1200;

export function UserDetailPage() {
  const { id } = route.useParams();
  const { data: user } = useSuspenseQuery(userQueryOptions(id));
  usePageTitle(user.name);
  return <UserDetailPanel user={user} />;
}

function UserDetailPanel({ user }: { user: UserDetail }) {
  const me = useSessionUser();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteUser();
  const resetTwoFactor = useDisableTwoFactor();
  const resend = useResendActivation();

  const onDelete = async () => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je ${user.name} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(user.id, {
      onSuccess: () => {
        showToast('Gelukt', 'Gebruiker is verwijderd');
        setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS);
      },
    });
  };
  const onResetTwoFactor = async () => {
    const text =
      `Weet je zeker dat je de tweestapsverificatie van ${user.name} wilt uitschakelen? Bij de volgende ` +
      `keer inloggen stelt deze gebruiker die opnieuw in.`;
    if (!(await confirmDialog({ text, confirmLabel: '2FA resetten', danger: true }))) return;
    resetTwoFactor.mutate(user.id, { onSuccess: () => showToast('Gelukt', '2FA is uitgeschakeld') });
  };

  const onResend = () =>
    resend.mutate(user.id, { onSuccess: () => showToast('Gelukt', 'De activatiemail is opnieuw verstuurd') });

  return (
    <section className="panel" aria-labelledby="user-name">
      <div className="um-header">
        <div className="um-name">
          <span className="um-avatar" aria-hidden>
            {initials(user.name)}
          </span>
          <div>
            <h2 id="user-name">{user.name}</h2>
            <span className="um-muted">{user.contact.client.name}</span>
          </div>
        </div>
        <div className="um-actions">
          {me.can('Gebruiker wijzigen') && user.manageable && (
            <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
              Bewerken
            </button>
          )}
          {me.can('2FA uitschakelen') && user.manageable && user.otp_enabled && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={onResetTwoFactor}
              disabled={resetTwoFactor.isPending}
            >
              2FA resetten
            </button>
          )}
          {me.can('Gebruiker verwijderen') && user.manageable && user.id !== me.id && (
            <button
              type="button"
              className="button button-danger button-small"
              onClick={onDelete}
              disabled={remove.isPending}
            >
              Verwijderen
            </button>
          )}
        </div>
      </div>
      <dl className="um-facts">
        <div>
          <dt>Naam</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>E-mailadres</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Rollen</dt>
          <dd>
            <RoleBadges roles={user.roles.map((r) => r.name)} />
          </dd>
        </div>
        <div>
          <dt>Tweestapsverificatie</dt>
          <dd>
            <TwoFactorStatus on={user.otp_enabled} />
          </dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            {user.activated ? 'Geactiveerd' : 'Uitgenodigd, nog niet geactiveerd'}
            {!user.activated && me.can('Gebruiker wijzigen') && (
              <button type="button" className="link-button um-resend" onClick={onResend} disabled={resend.isPending}>
                Activatiemail opnieuw versturen
              </button>
            )}
          </dd>
        </div>
      </dl>
      {editing && <UserFormModal user={user} onClose={() => setEditing(false)} />}
    </section>
  );
}

export function RoleBadges({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="um-muted">Geen rol</span>;
  return (
    <span className="um-badges">
      {roles.map((r) => (
        <span key={r} className="um-badge">
          {r}
        </span>
      ))}
    </span>
  );
}

export function TwoFactorStatus({ on }: { on: boolean }) {
  return (
    <span className={on ? 'um-status um-status-on' : 'um-status'} data-testid="otp-status">
      {on ? 'Actief' : 'Inactief'}
    </span>
  );
}
