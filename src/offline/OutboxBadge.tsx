import { Link } from '@tanstack/react-router';
import { useOutboxActions } from './outbox';
import './offline.css';

/** Sidebar badge: how many actions wait to be sent (and whether some failed); links to /wachtrij. */
export function OutboxBadge() {
  const actions = useOutboxActions();
  const waiting = actions.filter((a) => a.status === 'waiting').length;
  const failed = actions.length - waiting;
  if (actions.length === 0) return null;
  const label = [waiting ? `${waiting} wachtend` : '', failed ? `${failed} mislukt` : ''].filter(Boolean).join(', ');
  return (
    <Link to="/wachtrij" className={failed ? 'outbox-badge outbox-badge-failed' : 'outbox-badge'} aria-label={`Wachtrij: ${label}`} data-testid="outbox-badge">
      <span>Wachtrij</span>
      <span className="outbox-badge-count">{actions.length}</span>
    </Link>
  );
}
