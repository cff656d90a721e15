import { useState } from 'react';
import { initials } from '@domain/format';
import { ProfileFormModal } from '../components/ProfileFormModal';
import { RoleBadges, TwoFactorStatus } from './UserDetailPage';
import { useSessionUser } from '../../../session';
import '../users.css';

/** /profiel (spec 2 §2.12): name, e-mail, roles and two-step verification (always Actief here); 'Bewerken'. */
export function ProfilePage() {
  const me = useSessionUser();
  const [editing, setEditing] = useState(false);
  return (
    <section className="panel" aria-labelledby="profile-name">
      <div className="um-header">
        <div className="um-name">
          <span className="um-avatar" aria-hidden>
            {initials(me.name)}
          </span>
          <h2 id="profile-name">{me.name}</h2>
        </div>
        <div className="um-actions">
          <button type="button" className="button button-secondary button-small" onClick={() => setEditing(true)}>
            Bewerken
          </button>
        </div>
      </div>
      <dl className="um-facts">
        <div>
          <dt>Naam</dt>
          <dd>{me.name}</dd>
        </div>
        <div>
          <dt>E-mailadres</dt>
          <dd>{me.email}</dd>
        </div>
        <div>
          <dt>Rollen</dt>
          <dd>
            <RoleBadges roles={me.roles} />
          </dd>
        </div>
        <div>
          <dt>Tweestapsverificatie</dt>
          <dd>
            <TwoFactorStatus on={me.otp_enabled} />
          </dd>
        </div>
      </dl>
      {editing && <ProfileFormModal name={me.name} email={me.email} onClose={() => setEditing(false)} />}
    </section>
  );
}
