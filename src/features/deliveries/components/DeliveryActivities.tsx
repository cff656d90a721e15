import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { formatDateTime } from '@domain/format';
import { StackedTable } from '../../../ui/table/StackedTable';

/** 'Activiteiten': what happened to the delivery, when and by whom. */
export function DeliveryActivities({ events }: { events: DeliveryDetail['events'] }) {
  return (
    <section className="panel">
      <h3>Activiteiten</h3>
      {events.length === 0 ? (
        <p className="muted">Er is geen data gevonden</p>
      ) : (
        <StackedTable
          label="Activiteiten"
          className="activity-table"
          rows={events}
          columns={[
            { label: 'Datum', cell: (e) => formatDateTime(e.created_at) },
            { label: 'Activiteit', cell: (e) => e.action },
            { label: 'Status', cell: (e) => e.status?.name ?? '' },
            { label: 'Door', cell: (e) => e.user?.name ?? '' },
          ]}
        />
      )}
    </section>
  );
}
