import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { Carrier, DeliveryType } from '@domain/enums';
import { FIELDWORK_RIGHT } from '@domain/fieldwork';
import { useSessionUser } from '../../../session';
import { useAfterFirstPaint } from '../../../shell/first-paint';
import { useOptionalPart, type OptionalPart } from '../../../shell/optional-part';
import { useOutboxRead } from '../../../offline/stored-actions';
import { checkOutComplete, usePendingFieldwork } from '../api/fieldwork';
import '../fieldwork.css';
import { countNoun } from '@domain/format';

const loadCheckOut = () => import('./CheckOutModal').then((m) => m.CheckOutModal);
const loadFinish = () => import('./FinishDeliveryModal').then((m) => m.FinishDeliveryModal);

/** In place of a modal whose code has not arrived. */
function NotYetLoaded({ part }: { part: Pick<OptionalPart<object>, 'failed' | 'retry'> }) {
  if (!part.failed)
    return (
      <div className="notice notice-warning" role="status" data-testid="fw-not-loaded">
        Bezig met laden…
      </div>
    );
  return (
    <div className="notice notice-warning fw-not-loaded" role="status" data-testid="fw-not-loaded">
      <span>Geen verbinding: dit scherm is nog niet op het apparaat. Het opent zodra de verbinding terug is.</span>
      <button type="button" className="button button-secondary" onClick={part.retry}>
        Opnieuw proberen
      </button>
    </div>
  );
}

/**
 * Field work on the delivery page (spec 2 §2.7): 'Artikelen uitklaren', the 'Afronden' panel, and
 * what waits in the outbox for this delivery ('wacht op verzending') or was refused.
 */
export function FieldworkPanel({ delivery }: { delivery: DeliveryDetail }) {
  const { can } = useSessionUser();
  const { pending, view: d, unplaced } = usePendingFieldwork(delivery);
  // Until the outbox is read, what waits on the device is not known: no second check-out or signature yet.
  const outboxRead = useOutboxRead();
  const [modal, setModal] = useState<'checkout' | 'finish' | null>(null);
  const open = !d.is_cancelled && !d.completed && !pending.finish;
  const deliver = d.products.filter((l) => l.is_pickup === 0);
  // A bulk delivery is finished without a signature (spec 2 §5).
  const bulk = d.delivery_type_id === DeliveryType.BULK_LEVERING;
  const mayChange = can(FIELDWORK_RIGHT);
  const complete = checkOutComplete(d, unplaced);
  const canCheckOut = open && mayChange && !complete && deliver.some((l) => !l.checked_out_at);
  // The server's rule (can.finish), or the same rule over what was checked out offline meanwhile.
  const finishable = open && mayChange && (d.can.finish || (d.carrier_id === Carrier.REUZADO && complete));
  const waitingCheckOuts = pending.serials.size + [...pending.accessories.values()].reduce((n, x) => n + x, 0);
  const signer = pending.finish?.meta?.signerName;
  // Their code loads once their button shows and the page has painted, in an idle moment: a tap then only
  // renders the modal. Fetched on the tap, the code (with the outbox's Dexie) ran in tasks of its own after a
  // round trip, 'Bezig met laden…' shown meanwhile. A driver who loses the connection afterwards can still open them.
  const ahead = useAfterFirstPaint();
  const checkOut = useOptionalPart(loadCheckOut, canCheckOut && (ahead || modal === 'checkout'));
  const finish = useOptionalPart(loadFinish, finishable && (ahead || modal === 'finish'));

  if (!canCheckOut && !finishable && !pending.finish && !waitingCheckOuts && !pending.failed.length) return null;
  return (
    <section className="panel fw-panel" aria-label="Uitklaren en afronden">
      {pending.failed.map((a) => (
        <div key={a.id} className="notice notice-alert" role="alert">
          Mislukt: {a.label}. {a.error} <Link to="/wachtrij">Naar de wachtrij</Link>
        </div>
      ))}
      {(pending.finish || waitingCheckOuts > 0) && (
        <div className="notice notice-warning fw-waiting" role="status" data-testid="fw-waiting">
          <strong>Wacht op verzending</strong>
          {waitingCheckOuts > 0 && <span> · {countNoun(waitingCheckOuts, 'item', 'items')} uitklaren</span>}
          {pending.finish && <span> · afronden{signer ? `, getekend door ${signer}` : ''}</span>}
          {unplaced.length > 0 && <span> · serienummers: {unplaced.join(', ')}</span>}{' '}
          <Link to="/wachtrij">Wachtrij</Link>
        </div>
      )}
      {canCheckOut && (
        <div className="fw-row">
          <button
            type="button"
            className="button button-primary"
            disabled={!outboxRead}
            onClick={() => {
              setModal('checkout');
              checkOut.retry();
            }}
          >
            Artikelen uitklaren
          </button>
        </div>
      )}
      {finishable && (
        <div className="fw-finish-panel">
          <h3>Afronden</h3>
          <p className="muted">
            {bulk ? 'Vink aan wat is geleverd.' : 'Vink aan wat is geleverd en opgehaald en laat de ontvanger tekenen.'}
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={!outboxRead}
            onClick={() => {
              setModal('finish');
              finish.retry();
            }}
          >
            Afronden
          </button>
        </div>
      )}
      {modal === 'checkout' &&
        (checkOut.Part ? (
          <checkOut.Part delivery={d} onClose={() => setModal(null)} />
        ) : (
          <NotYetLoaded part={checkOut} />
        ))}
      {modal === 'finish' &&
        (finish.Part ? (
          <finish.Part delivery={d} waitingSerials={unplaced} onClose={() => setModal(null)} />
        ) : (
          <NotYetLoaded part={finish} />
        ))}
    </section>
  );
}
