import { lazy, Suspense, useState, type ReactNode } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { deliveryStatusName } from '@domain/delivery-status';
import { Carrier, DeliveryType } from '@domain/enums';
import type { DeliveryDetail, DeliveryLine } from '@domain/contracts/deliveries';
import { deliveryToast } from '@domain/schemas/deliveries';
import { formatDate, formatDateTime } from '@domain/format';
import { SplitButton, type SplitAction } from '../../../ui/SplitButton';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { Slot } from '../../../shell/slots';
import { showToast, toastError } from '../../../shell/toast';
import { useSessionUser } from '../../../session';
import {
  deliveryQueryOptions,
  printPackingSlip,
  printShippingLabel,
  useCancelDelivery,
  useDeleteDelivery,
  useReopenDelivery,
} from '../api/deliveries';
import { useDeliveryWithPending } from '../api/fieldwork';
import { CarrierModal } from '../components/CarrierModal';
import { FinishedPanel } from '../components/FinishedPanel';
import '../deliveries.css';

// Its code (with the date fields) loads when the form is opened: on a phone it would share the line with the page's
// first paint.
const DeliveryEditModal = lazy(() =>
  import('../components/DeliveryEditModal').then((m) => ({ default: m.DeliveryEditModal })),
);

const route = getRouteApi('/app/leveringen/$id');

export function DeliveryDetailPage() {
  const { id } = route.useParams();
  const { data } = useSuspenseQuery(deliveryQueryOptions(id));
  // Check-outs waiting in the outbox (offline) show as checked out.
  const delivery = useDeliveryWithPending(data);
  usePageTitle(delivery.order_number || `Levering ${delivery.id}`);
  return <DeliveryDetailView delivery={delivery} />;
}

const dash = (x: string | null | undefined) => (x ? x : '—');

/** What a line shows under Status: the item's own status, else where the line stands. */
function lineStatus(d: DeliveryDetail, line: DeliveryLine): string {
  const item = line.item_id ? d.items.find((i) => i.id === line.item_id) : undefined;
  if (item) return item.status.name;
  if (line.checked_out_at) return 'Uitgeklaard';
  if (line.is_backorder) return 'Backorder';
  return line.is_pickup ? 'Op te halen' : 'Te leveren';
}

function LinesTable({ delivery, lines, label }: { delivery: DeliveryDetail; lines: DeliveryLine[]; label: string }) {
  if (lines.length === 0) return <p className="muted">Er is geen data gevonden</p>;
  return (
    <div className="table-scroll">
      <table className="table table-stacked" aria-label={label}>
        <thead>
          <tr>
            <th>Artikelomschrijving</th>
            <th>Artikelnummer</th>
            <th>Serienummer</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td>{l.product.name}</td>
              <td data-label="Artikelnummer">{l.product.article_number}</td>
              <td data-label="Serienummer">{l.serial ?? '—'}</td>
              <td data-label="Status">{lineStatus(delivery, l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** The item blocks per type (spec 2 §2.7). */
function ItemBlocks({ delivery: d }: { delivery: DeliveryDetail }) {
  const pickup = d.products.filter((l) => l.is_pickup === 1);
  const deliver = d.products.filter((l) => l.is_pickup === 0);
  switch (d.delivery_type_id) {
    case DeliveryType.REPARATIE:
    case DeliveryType.EOL_SWAP: {
      const old = d.delivery_type_id === DeliveryType.REPARATIE ? 'Defect artikel' : 'EOL artikel';
      return (
        <>
          <Block title={old}>
            <LinesTable delivery={d} lines={pickup} label={old} />
          </Block>
          <Block title="Vervangend artikel">
            <LinesTable delivery={d} lines={deliver} label="Vervangend artikel" />
          </Block>
        </>
      );
    }
    case DeliveryType.BACKORDER:
      return (
        <>
          <Block title="Op te halen">
            <LinesTable delivery={d} lines={pickup} label="Op te halen" />
          </Block>
          <Block title="Te leveren">
            <LinesTable delivery={d} lines={deliver} label="Te leveren" />
          </Block>
        </>
      );
    case DeliveryType.MUTATIE:
      return (
        <Block title="Mutatie">
          <div className="table-scroll">
            <table className="table table-stacked" aria-label="Mutatie">
              <thead>
                <tr>
                  <th>Artikel</th>
                  <th>Serienummer</th>
                  <th>Item id</th>
                </tr>
              </thead>
              <tbody>
                {d.products.map((l) => (
                  <tr key={l.id}>
                    <td>{l.product.name}</td>
                    <td data-label="Serienummer">{l.serial ?? '—'}</td>
                    <td data-label="Item id">{l.item_id ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Block>
      );
    case DeliveryType.UITDIENST:
      return (
        <Block title="Op te halen voorraad">
          <LinesTable delivery={d} lines={d.products} label="Op te halen voorraad" />
        </Block>
      );
    case DeliveryType.BULK_LEVERING:
      return (
        <Block title="Artikelen">
          <div className="table-scroll">
            <table className="table table-stacked" aria-label="Artikelen">
              <thead>
                <tr>
                  <th>Artikelomschrijving</th>
                  <th>Artikelnummer</th>
                  <th>Aantal</th>
                  <th>Uitgeklaard</th>
                </tr>
              </thead>
              <tbody>
                {d.bulk_products.map((p) => (
                  <tr key={p.id}>
                    <td>{p.name}</td>
                    <td data-label="Artikelnummer">{p.article_number}</td>
                    <td data-label="Aantal">{p.expected}</td>
                    <td data-label="Uitgeklaard">{p.arrived}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Block>
      );
    default:
      return (
        <Block title="Artikelen">
          <LinesTable delivery={d} lines={d.products} label="Artikelen" />
        </Block>
      );
  }
}

type ModalKind = 'edit' | 'carrier' | null;

function DeliveryDetailView({ delivery: d }: { delivery: DeliveryDetail }) {
  const { can } = useSessionUser();
  const navigate = useNavigate();
  const [modal, setModal] = useState<ModalKind>(null);
  const cancel = useCancelDelivery();
  const reopen = useReopenDelivery();
  const remove = useDeleteDelivery();
  const mayEdit = can('Levering wijzigen');
  const mayRemove = can('Levering verwijderen');

  const onCancel = async () => {
    if (
      !(await confirmDialog({
        text: 'Weet je zeker dat je deze levering wilt annuleren?',
        confirmLabel: 'Levering annuleren',
        cancelLabel: 'Terug',
        danger: true,
      }))
    )
      return;
    cancel.mutate(d.id, { onSuccess: () => showToast('Gelukt', deliveryToast.cancelled) });
  };
  const onReopen = () => reopen.mutate(d.id, { onSuccess: () => showToast('Gelukt', deliveryToast.reopened) });
  const onDelete = async () => {
    if (
      !(await confirmDialog({
        text: 'Weet je zeker dat je deze levering wilt verwijderen?',
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(d.id, {
      onSuccess: async () => {
        showToast('Gelukt', deliveryToast.deleted);
        await navigate({ to: '/leveringen' });
      },
    });
  };
  const actions: SplitAction[] = [
    ...(mayEdit && d.can.edit ? [{ label: 'Bewerken', onClick: () => setModal('edit') }] : []),
    ...(mayRemove && d.can.cancel ? [{ label: 'Annuleren', onClick: () => void onCancel() }] : []),
  ];
  const contact = d.client.contacts[0];
  const showsContact =
    d.delivery_type_id === DeliveryType.UITDIENST || d.delivery_type_id === DeliveryType.BULK_LEVERING;
  const status = deliveryStatusName(d);
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
        {mayEdit && d.can.edit && (
          <button type="button" className="link-button" onClick={() => setModal('carrier')}>
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
    <div className="delivery-detail">
      <section className="panel">
        <div className="panel-header">
          <h2>{d.title}</h2>
          <div className="delivery-actions">
            {d.is_cancelled ? (
              <>
                <span className="cancelled-label" data-testid="delivery-status">
                  {status}
                </span>
                {mayEdit && d.can.reopen && (
                  <button type="button" className="button button-secondary" onClick={onReopen}>
                    Toch leveren
                  </button>
                )}
                {mayRemove && d.can.delete && (
                  <button type="button" className="button button-danger" onClick={() => void onDelete()}>
                    Verwijderen
                  </button>
                )}
              </>
            ) : (
              <SplitButton actions={actions} />
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => printPackingSlip(d.id).catch(() => toastError('Pakbon kan niet worden gedownload'))}
            >
              Print pakbon
            </button>
            {d.carrier_id === Carrier.POSTNL && d.can.shipping_label && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => printShippingLabel(d.id).catch(() => toastError('Label kan niet worden gedownload'))}
              >
                Print label
              </button>
            )}
          </div>
        </div>
        <dl className="facts">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <FinishedPanel delivery={d} />
      {/* Check-out ('Artikelen uitklaren') and 'Afronden' (field work) register their panels here. */}
      <Slot name="delivery" props={{ delivery: d }} />
      <div className="delivery-columns">
        <div className="delivery-detail">
          <ItemBlocks delivery={d} />
        </div>
        <section className="panel">
          <h3>Activiteiten</h3>
          {d.events.length === 0 ? (
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
                  {d.events.map((e) => (
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
      </div>
      <Suspense fallback={null}>
        {modal === 'edit' && <DeliveryEditModal delivery={d} onClose={() => setModal(null)} />}
      </Suspense>
      {modal === 'carrier' && <CarrierModal delivery={d} onClose={() => setModal(null)} />}
    </div>
  );
}
