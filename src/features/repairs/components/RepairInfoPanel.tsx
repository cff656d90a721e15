import type { ReactNode } from 'react';
import type { RepairDetail } from '@domain/contracts/repairs';
import { formatDate } from '@domain/format';

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);

/** Every field of spec 2 §2.10's info panel. */
export function RepairInfoPanel({ repair }: { repair: RepairDetail }) {
  const defects = repair.defect_items.map((i) => `${i.product.name}${i.serial ? ` (${i.serial})` : ''}`).join(', ');
  const replacements = repair.replacements
    .map((r) => `${r.product.name}${r.item?.serial ? ` (${r.item.serial})` : ''}`)
    .join(', ');
  const fields: [string, ReactNode][] = [
    ['Ordernummer', dash(repair.order_number)],
    ['Aangemeld op', formatDate(repair.created_at)],
    ['Eindklant', repair.end_customer.name],
    ['Eindgebruiker', dash(repair.end_user?.name)],
    ['Defect artikel en serienummer', dash(defects)],
    ['Vervangend artikel en serienummer', dash(replacements)],
    ['Ophaaldatum', dash(repair.date && formatDate(repair.date))],
    ['Ophaallocatie', dash(repair.address)],
    ['Referentie', dash(repair.your_reference)],
    ['Topdesknummer', dash(repair.w_number)],
  ];
  return (
    <section className="panel" aria-labelledby="repair-info">
      <div className="panel-header">
        <h2 id="repair-info">Reparatie {repair.order_number}</h2>
        <span className={`repair-status${repair.is_cancelled ? ' is-cancelled' : ''}`} aria-label="Status">
          {repair.is_cancelled ? 'Geannuleerd' : repair.status.name}
        </span>
      </div>
      <dl className="facts">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {repair.description && (
        <div className="repair-description">
          <h3>Omschrijving</h3>
          <p>{repair.description}</p>
        </div>
      )}
    </section>
  );
}
