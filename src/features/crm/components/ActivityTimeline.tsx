import { Link } from '@tanstack/react-router';
import { formatDate, formatTime } from '../../../domain/format';
import { useClientEvents } from '../api/get-events';

export const TIMELINE_LIMIT = 3;

/** The newest activities of an end user, grouped by day (spec 1 §2.9). */
export function ActivityTimeline({ clientId }: { clientId: number }) {
  const { data = [], isPending } = useClientEvents(clientId);
  const shown = data.slice(0, TIMELINE_LIMIT);
  const days = [...new Set(shown.map((e) => formatDate(e.created_at)))];
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <div className="panel-header">
        <h2 id="timeline-title">Activiteiten</h2>
        <Link to="/activiteiten/$id" params={{ id: clientId }}>Alle activiteiten</Link>
      </div>
      {isPending ? <p className="muted">Laden…</p> : shown.length === 0 ? <p className="muted">Er is geen data gevonden</p> : (
        <ul className="timeline">
          {days.map((day) => (
            <li key={day}>
              <div className="timeline-day">{day}</div>
              <ul className="timeline">
                {shown.filter((e) => formatDate(e.created_at) === day).map((e) => (
                  <li key={e.id} className="timeline-entry">
                    <Link to={e.is_repair ? '/activiteiten/leveringen/$id' : '/activiteiten/$id'} params={{ id: clientId }}>
                      {e.action}{e.product_name ? ` — ${e.product_name}` : ''}
                    </Link>
                    <div className="muted">{formatTime(e.created_at)}{e.status_name && !e.action.toLowerCase().includes(e.status_name.toLowerCase()) ? ` · ${e.status_name}` : ''}{e.user_name ? ` · ${e.user_name}` : ''}</div>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
