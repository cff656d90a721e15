import type { ReactNode } from 'react';
import { DeliveryType } from '@domain/enums';
import type { DeliveryDetail, DeliveryLine } from '@domain/contracts/deliveries';
import { lineStatus } from './line-status';

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
export function ItemBlocks({ delivery: d }: { delivery: DeliveryDetail }) {
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
