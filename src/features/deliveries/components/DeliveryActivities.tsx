import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { formatDateTime } from '@domain/format';

/** 'Activiteiten': what happened to the delivery, when and by whom. */
export function DeliveryActivities({ events }: { events: DeliveryDetail['events'] }) {
  return (
    <section className="panel">
      <h3>Activiteiten</h3>
      {events.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <div className="table-scroll">
          <table className="table table-stacked activity-table" aria-label="Activiteiten">
            <thead>
              <tr>
                <th>Datum</th>
                <th>Activiteit</th>
                <th>Status</th>
                <th>Door</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.created_at)}</td>
                  <td data-label="Activiteit">{e.action}</td>
                  <td data-label="Status">{e.status?.name ?? ''}</td>
                  <td data-label="Door">{e.user?.name ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
