import { Link } from '@tanstack/react-router';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { countNoun, formatDate, formatTime } from '@domain/format';
import { pendingFor } from '../offline/fieldwork-actions';
import { useOutboxActions } from '../../../offline/stored-actions';
import { useDeliveriesToday } from '../api/fieldwork';
import '../fieldwork.css';

function Card({ d, waiting }: { d: DeliveryDetail; waiting: boolean }) {
  const deliver = d.products.filter((l) => l.is_pickup === 0);
  const pickup = d.products.length - deliver.length;
  const checkedOut = deliver.filter((l) => l.checked_out_at).length;
  return (
    <li className="fw-today-card">
      <Link to="/leveringen/$id" params={{ id: d.id }}>
        {d.order_number || `Levering ${d.id}`} · {d.delivery_type.name}
      </Link>
      <span>
        {d.end_customer.name}
        {d.client.name !== d.end_customer.name ? ` – ${d.client.name}` : ''}
      </span>
      <span className="muted">{d.address ?? 'Geen adres'}</span>
      <span>
        {deliver.length > 0 && `${checkedOut} van ${deliver.length} uitgeklaard`}
        {deliver.length > 0 && pickup > 0 && ' · '}
        {pickup > 0 && `${pickup} op te halen`}
      </span>
      {waiting && <span className="notice notice-warning">Wacht op verzending</span>}
    </li>
  );
}

/**
 * 'Mijn leveringen vandaag': the open deliveries of the provider's own carrier dated today. Opened
 * online, it keeps them (and their lines) on the device, so their pages also open without a network.
 */
export function DeliveriesTodayPage() {
  const today = useDeliveriesToday();
  const actions = useOutboxActions();
  if (today.isPending)
    return (
      <div className="panel muted" aria-busy>
        Laden…
      </div>
    );
  if (!today.data)
    return (
      <div className="panel notice notice-alert" role="alert">
        Leveringen kunnen niet worden ingeladen
      </div>
    );
  const { date, data } = today.data;
  return (
    <div className="panel">
      <p className="muted" data-testid="fw-today-date">
        {formatDate(date)} · {countNoun(data.length, 'levering', 'leveringen')}
        {today.dataUpdatedAt > 0 && ` · bijgewerkt ${formatTime(new Date(today.dataUpdatedAt))}`}
        {today.isFetching ? ' · bijwerken…' : ''}
      </p>
      {data.length === 0 ? (
        <p className="muted">Er zijn vandaag geen leveringen.</p>
      ) : (
        <ul className="fw-today" aria-label="Mijn leveringen vandaag">
          {data.map((d) => {
            const p = pendingFor(actions, d.id);
            return <Card key={d.id} d={d} waiting={!!p.finish || p.serials.size > 0 || p.accessories.size > 0} />;
          })}
        </ul>
      )}
    </div>
  );
}
