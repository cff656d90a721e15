import type { RepairDetail } from '@domain/contracts/repairs';
import { formatDateTime } from '@domain/format';

/** The latest 5 log entries as 'action op datetime uur door user' (spec 2 §2.10, §9). */
export function ActivityPanel({ repair }: { repair: RepairDetail }) {
  return (
    <section className="panel" aria-labelledby="repair-activity">
      <h3 id="repair-activity">Activiteit</h3>
      {repair.action_log.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <ul className="activity-list">
          {repair.action_log.slice(0, 5).map((e, i) => (
            <li key={i}>
              {e.action} op {formatDateTime(e.created_at)} uur{e.user ? ` door ${e.user.name}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
