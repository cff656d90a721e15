import type { ReactNode } from 'react';
import { DeliveryType } from '@domain/enums';
import type { DeliveryDetail, DeliveryLine } from '@domain/contracts/deliveries';
import { StackedTable } from '../../../ui/table/StackedTable';
import { lineStatus } from './line-status';

function LinesTable({ delivery, lines, label }: { delivery: DeliveryDetail; lines: DeliveryLine[]; label: string }) {
  if (lines.length === 0) return <p className="muted">Er is geen data gevonden</p>;
  return (
    <StackedTable
      label={label}
      rows={lines}
      columns={[
        { label: 'Artikelomschrijving', cell: (l) => l.product.name },
        { label: 'Artikelnummer', cell: (l) => l.product.article_number },
        { label: 'Serienummer', cell: (l) => l.serial ?? '—' },
        { label: 'Status', cell: (l) => lineStatus(delivery, l) },
      ]}
    />
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
          <StackedTable
            label="Mutatie"
            rows={d.products}
            columns={[
              { label: 'Artikel', cell: (l) => l.product.name },
              { label: 'Serienummer', cell: (l) => l.serial ?? '—' },
              { label: 'Item id', cell: (l) => l.item_id ?? '—' },
            ]}
          />
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
          <StackedTable
            label="Artikelen"
            rows={d.bulk_products}
            columns={[
              { label: 'Artikelomschrijving', cell: (p) => p.name },
              { label: 'Artikelnummer', cell: (p) => p.article_number },
              { label: 'Aantal', cell: (p) => p.expected },
              { label: 'Uitgeklaard', cell: (p) => p.arrived },
            ]}
          />
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
