import { Link } from '@tanstack/react-router';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { formatDateTime } from '@domain/format';

/** 'Afgerond op 26-11-2026 14:05 uur' (spec 2 §4). */
export const finishedAt = (completed: string) => `Afgerond op ${formatDateTime(completed)} uur`;

/**
 * A finished delivery (spec 2 §4): when, what was not delivered or picked up (the finish's comment),
 * the signature with the signer's name, and the backorder that carries on what was left.
 */
export function FinishedPanel({ delivery: d }: { delivery: DeliveryDetail }) {
  if (!d.completed) return null;
  const signer = d.signature?.signer_name;
  return (
    <section className="panel finished-panel" aria-label="Afronding">
      <h3>Afgerond</h3>
      <p className="finished-at">{finishedAt(d.completed)}</p>
      {d.comment && (
        <p className="finished-comment" data-testid="finish-comment">
          {d.comment}
        </p>
      )}
      {d.backorders.map((b) => (
        <p key={b.id} className="finished-backorder">
          Backorder:{' '}
          <Link to="/leveringen/$id" params={{ id: b.id }}>
            {b.order_number || `Levering ${b.id}`}
          </Link>{' '}
          ({b.is_cancelled ? 'geannuleerd' : b.completed ? finishedAt(b.completed).toLowerCase() : 'nog te leveren'})
        </p>
      ))}
      {d.signature && (
        <figure className="finished-signature">
          {d.signature.url && (
            <img
              src={d.signature.url}
              alt={signer ? `Handtekening van ${signer}` : 'Handtekening'}
              width={300}
              height={150}
            />
          )}
          <figcaption>
            {signer ? `Getekend door ${signer}` : 'Getekend'}
            {d.signature.signed_at ? ` op ${formatDateTime(d.signature.signed_at)} uur` : ''}
          </figcaption>
        </figure>
      )}
    </section>
  );
}
