import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link } from '@tanstack/react-router';
import { useOutboxActions } from './stored-actions';
import { useUpdateGuardState } from '../shell/update-guard';
import './offline.css';

/** Below this width the sidebar is a closed drawer (src/styles.css): the badge then floats over the page. */
const DRAWER_QUERY = '(max-width: 900px)';
const subscribe = (fn: () => void) => {
  const mq = window.matchMedia(DRAWER_QUERY);
  mq.addEventListener('change', fn);
  return () => mq.removeEventListener('change', fn);
};
const isDrawer = () => window.matchMedia(DRAWER_QUERY).matches;

/** How many actions wait to be sent (and whether some failed); links to /wachtrij. Always in sight. */
export function OutboxBadge() {
  const actions = useOutboxActions();
  const floating = useSyncExternalStore(subscribe, isDrawer, () => false);
  const sending = useUpdateGuardState().outboxBusy;
  if (actions.length === 0) return null;
  const waiting = actions.filter((a) => a.status === 'waiting').length;
  const failed = actions.length - waiting;
  const label = [waiting ? `${waiting} wachtend` : '', failed ? `${failed} mislukt` : ''].filter(Boolean).join(', ');
  const badge = (
    <Link
      to="/wachtrij"
      className={`outbox-badge${failed ? ' outbox-badge-failed' : ''}${floating ? ' outbox-badge-floating' : ''}`}
      aria-label={`Wachtrij: ${label}`}
      aria-busy={sending}
      title={sending ? 'Bezig met versturen…' : undefined}
      data-testid="outbox-badge"
    >
      <span>Wachtrij</span>
      <span className="outbox-badge-count">{actions.length}</span>
    </Link>
  );
  return floating ? createPortal(badge, document.body) : badge;
}
