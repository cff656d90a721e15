import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { DeliveryType } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { formatDate, formatDateTime } from '@domain/format';

const dash = (x: string | null | undefined) => (x ? x : '—');

interface Props {
  delivery: DeliveryDetail;
  /** deliveryStatusName of the delivery. */
  status: string;
  /** Opens the carrier dialog; without it the 'wijzigen' link is not shown. */
  onChangeCarrier?: () => void;
}

/** The delivery's facts under its title (spec 2 §2.7). */
export function DeliveryFacts({ delivery: d, status, onChangeCarrier }: Props) {
  const contact = d.client.contacts[0];
  const showsContact =
    d.delivery_type_id === DeliveryType.UITDIENST || d.delivery_type_id === DeliveryType.BULK_LEVERING;
  const fields: [string, ReactNode][] = [
    // A cancelled delivery says so once: the label 'Geannuleerd' among its actions (spec 2 §2.7) is its status.
    ...(d.is_cancelled
      ? []
      : [
          [
            'Status',
            <span
              key="status"
              className={`delivery-status delivery-status-${status.toLowerCase()}`}
              data-testid="delivery-status"
            >
              {status}
            </span>,
          ] as [string, ReactNode],
        ]),
    ...(d.backorder_of
      ? [
          [
            'Backorder van',
            <Link key="parent" to="/leveringen/$id" params={{ id: d.backorder_of.id }}>
              {d.backorder_of.order_number || `Levering ${d.backorder_of.id}`}
            </Link>,
          ] as [string, ReactNode],
        ]
      : []),
    ['Aangevraagd door', dash(d.user?.name)],
    ['Eindklant', d.end_customer.name],
    ['Aanmelddatum', formatDateTime(d.created_at)],
    ['Datum', dash(formatDate(d.date))],
    ['Type', d.delivery_type.name],
    ...(showsContact ? [['Contactpersoon', dash(d.contact)] as [string, ReactNode]] : []),
    ...(contact
      ? ([
          [
            'Contact eindgebruiker',
            [contact.title, `${contact.first_name} ${contact.last_name}`].filter(Boolean).join(' '),
          ],
          ['Telefoon', dash(contact.phone)],
          ['E-mail', dash(contact.email)],
        ] as [string, ReactNode][])
      : []),
    ['Adres', dash(d.address)],
    [
      'Bezorger',
      <>
        {d.carrier.name}{' '}
        {onChangeCarrier && (
          <button type="button" className="link-button" onClick={onChangeCarrier}>
            wijzigen
          </button>
        )}
      </>,
    ],
    ['Topdesknummer', dash(d.w_number)],
    ['Opmerking', dash(d.description)],
    ...(d.media[0]
      ? [
          [
            'Bestand',
            <a key="file" href={d.media[0].original_url} download>
              {d.media[0].name}
            </a>,
          ] as [string, ReactNode],
        ]
      : []),
  ];

  return (
    <dl className="facts">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
