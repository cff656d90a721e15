import { Link } from '@tanstack/react-router';
import { formatDate, formatTime } from '@domain/format';
import type { ClientEvent } from '@domain/contracts/clients';
import { useClientEvents } from '../api/get-events';

export const TIMELINE_LIMIT = 3;

const entryText = (e: ClientEvent) => `${e.action}${e.product_name ? ` — ${e.product_name}` : ''}`;

/** The newest activities of an end user, grouped by Amsterdam day (spec 1 §2.9). */
export function ActivityTimeline({ clientId }: { clientId: number }) {
  const { data = [], isPending } = useClientEvents(clientId);
  const shown = data.slice(0, TIMELINE_LIMIT);
  const days = [...new Set(shown.map((e) => formatDate(e.created_at)))];
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <div className="panel-header">
        <h2 id="timeline-title">Activiteiten</h2>
        <Link to="/activiteiten/$id" params={{ id: clientId }}>
          Alle activiteiten
        </Link>
      </div>
      {isPending ? (
        <p className="muted">Laden…</p>
      ) : shown.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <ul className="timeline">
          {days.map((day) => (
            <li key={day}>
              <div className="timeline-day">{day}</div>
              <ul className="timeline">
                {shown
                  .filter((e) => formatDate(e.created_at) === day)
                  .map((e) => (
                    <li key={e.id} className="timeline-entry">
                      {/* A repair's activities are those of its delivery (/activiteiten/leveringen/{delivery id}), ' +
                        'not of the client. */}
                      {e.is_repair && e.delivery_id ? (
                        <Link to="/activiteiten/leveringen/$id" params={{ id: e.delivery_id }}>
                          {entryText(e)}
                        </Link>
                      ) : (
                        <Link to="/activiteiten/$id" params={{ id: clientId }}>
                          {entryText(e)}
                        </Link>
                      )}
                      <div className="muted">
                        {formatTime(e.created_at)}
                        {e.status_name && !e.action.toLowerCase().includes(e.status_name.toLowerCase())
                          ? ` · ${e.status_name}`
                          : ''}
                        {e.user_name ? ` · ${e.user_name}` : ''}
                      </div>
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
