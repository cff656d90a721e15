import { useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { Slot } from '../../../shell/slots';
import { formatDate, formatDateTime } from '@domain/format';
import { SplitButton, type SplitAction } from '../../../ui/SplitButton';
import { usePageParent, usePageTitle } from '../../../shell/page-title';
import { itemQueryOptions } from '../api/items';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ItemDetail } from '@domain/contracts/stock';
import { ItemEditModal } from '../components/ItemEditModal';
import { ItemStatusModal } from '../components/ItemStatusModal';
import { MutationModal } from '../components/MutationModal';
import { eolText, StatusLabel } from '../components/labels';
import { useSessionUser } from '../../../session';
import '../stock.css';

const route = getRouteApi('/app/item/$id');

export function ItemDetailPage() {
  const { id } = route.useParams();
  const { data: item } = useSuspenseQuery(itemQueryOptions(id));
  usePageTitle(`${item.product.name}${item.serial ? ` · ${item.serial}` : ''}`);
  // Breadcrumb: Voorraad › the article › this item (spec 2 §2).
  usePageParent('stockDetail', item.product.id, item.product.name);
  return <ItemDetailView item={item} />;
}

const dash = (v: string | null | undefined) => (v ? v : '—');

function ItemDetailView({ item }: { item: ItemDetail }) {
  const user = useSessionUser();
  const [modal, setModal] = useState<'status' | 'edit' | 'mutation' | null>(null);
  const [ticket, setTicket] = useState<number | null>(null);
  const actions: SplitAction[] = [
    // The main part opens the same menu as the arrow: every ticket is one of the entries.
    {
      label: 'Ticket aanmelden',
      onClick: () => document.querySelector<HTMLButtonElement>('.item-actions .split-toggle')?.click(),
    },
    ...(user.can('Voorraad wijzigen') ? [{ label: 'Bewerken', onClick: () => setModal('edit') }] : []),
    { label: 'Reparatie', onClick: () => setTicket(DeliveryType.REPARATIE) },
    { label: 'EOL Swap', onClick: () => setTicket(DeliveryType.EOL_SWAP) },
    { label: 'Mutatie', onClick: () => setModal('mutation') },
  ];
  const inUseBy = item.client.client_type_id === ClientType.EINDGEBRUIKER ? item.client.name : null;
  const fields: [string, string][] = [
    ['Eindklant', dash(item.end_client.name)],
    ['Artikelnummer', item.product.article_number],
    ['Projectnummer', dash(item.project?.number)],
    ['Serienummer', dash(item.serial)],
    ['Ordernummer', dash(item.order_number)],
    ['MAC adres', dash(item.mac_address)],
    ['Asset ID', dash(item.tag_number)],
    ['Aankoopdatum', dash(formatDate(item.date_in_use))],
    ['Verzenddatum', dash(formatDate(item.shipping_date))],
    ['Start contract', dash(formatDate(item.start_date_contract))],
    ['Einde contract', dash(formatDate(item.end_date_contract))],
    ['DaaS', item.daas ? 'Ja' : 'Nee'],
    ...(item.daas ? [['Voorraadeigenaar', dash(item.stock_owner)] as [string, string]] : []),
    ['Locatie', dash(item.address)],
    ['Omschrijving', dash(item.description ?? item.product.description)],
    ['EOL', eolText(item.eol_time)],
    ['Bundels', item.bundle_names.length ? item.bundle_names.join(', ') : '—'],
    ['In gebruik door', dash(inUseBy)],
  ];
  return (
    <div className="stock-detail">
      <nav className="parent-link" aria-label="Terug naar artikel">
        <Link to="/voorraad/$id" params={{ id: item.product_id }}>
          ← {item.product.name}
        </Link>
      </nav>
      <section className="panel">
        <div className="panel-header">
          <div className="item-heading">
            <h2>{item.product.name}</h2>
            <StatusLabel
              status={item.status}
              onClick={user.can('Voorraad wijzigen') ? () => setModal('status') : undefined}
            />
            {item.product.product_group && <span className="muted">{item.product.product_group.name}</span>}
          </div>
          <div className="item-actions">
            <SplitButton actions={actions} />
          </div>
        </div>
        <dl className="facts item-facts">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="item-columns">
        <section className="panel">
          <div className="panel-header">
            <h3>Activiteiten</h3>
            {/* Spec 2 §4: the activities panel offers 'Status bewerken' only while the item is in Reparatie. */}
            {item.status_id === ItemStatus.REPARATIE && user.can('Voorraad wijzigen') && (
              <button type="button" className="button button-secondary button-small" onClick={() => setModal('status')}>
                Status bewerken
              </button>
            )}
          </div>
          {item.events.length === 0 ? (
            <p className="muted">Er is geen data gevonden</p>
          ) : (
            <div className="table-scroll">
              <table className="table activity-table">
                <thead>
                  <tr>
                    <th>Datum</th>
                    <th>Activiteit</th>
                    <th>Status</th>
                    <th>Door</th>
                  </tr>
                </thead>
                <tbody>
                  {item.events.map((e) => (
                    <tr key={e.id}>
                      <td>{formatDateTime(e.created_at)}</td>
                      <td>{e.action}</td>
                      <td>{e.status?.name ?? ''}</td>
                      <td>{e.user?.name ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="panel">
          <h3>Afbeeldingen</h3>
          {item.product.media.length === 0 ? (
            <p className="muted">Geen afbeeldingen</p>
          ) : (
            item.product.media.map((m) => (
              <img key={m.original_url} className="product-image" src={m.original_url} alt={m.name} />
            ))
          )}
        </section>
      </div>
      {modal === 'status' && <ItemStatusModal item={item} onClose={() => setModal(null)} />}
      {modal === 'edit' && <ItemEditModal item={item} onClose={() => setModal(null)} />}
      {ticket && (
        <Slot
          name="delivery-request"
          props={{
            request: { type: ticket, clientId: item.client.id, itemId: item.id },
            onClose: () => setTicket(null),
          }}
        />
      )}
      {modal === 'mutation' && (
        <MutationModal item={item} onClose={() => setModal(null)} canCreateUser={user.can('Klant aanmaken')} />
      )}
    </div>
  );
}
