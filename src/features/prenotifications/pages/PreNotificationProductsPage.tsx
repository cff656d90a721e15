import { getRouteApi } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { download } from '../../../api/client';
import { DataTable, type Column } from '../../../ui/DataTable';
import { usePageTitle } from '../../../shell/page-title';
import { toastError } from '../../../shell/toast';
import { asnDetailQueryOptions } from '../api/get-asn';
import { asnProductsQueryOptions } from '../api/get-asn-products';
import type { AsnProductRow } from '@domain/contracts/prenotifications';
import { useSessionUser } from '../../../session';
import '../prenotifications.css';

const route = getRouteApi('/app/voormeldingen/$id');

const columns: Column<AsnProductRow>[] = [
  { key: 'name', header: 'Artikelomschrijving', sortable: true, width: 280 },
  { key: 'article_number', header: 'Artikelnummer', sortable: true, width: 160 },
  { key: 'reference', header: 'Ordernummer', width: 170 },
  { key: 'quantity', header: 'Aantal', sortable: true, sortKey: 'expected', width: 90, align: 'right' },
  { key: 'expected', header: 'Leverdatum', width: 130, cell: { kind: 'date' } },
  { key: 'created_at', header: 'Aanmelddatum', width: 140, cell: { kind: 'date' } },
];

/** /voormeldingen/{id}: the articles of one pre-notification with a CSV export (spec 2 §2.5). */
export function PreNotificationProductsPage() {
  const { id } = route.useParams();
  const { can } = useSessionUser();
  const detail = useQuery(asnDetailQueryOptions(id));
  usePageTitle(detail.data ? `Voormelding ${detail.data.reference}` : null);
  const exportCsv = () => download('exportasnproductscsv', { id }).catch(() => toastError('Exporteren is mislukt'));
  return (
    <div className="panel">
      <DataTable<AsnProductRow>
        label="Artikelen van voormelding"
        columns={columns}
        query={(params) => asnProductsQueryOptions(id, params)}
        searchable={false}
        toolbar={
          can('Voormelding exporteren') && (
            <button type="button" className="button button-secondary" onClick={exportCsv}>
              CSV exporteren
            </button>
          )
        }
        loadErrorText="Voormeldingproducten kunnen niet worden ingeladen"
        emptyText="Er zijn geen artikelen gevonden"
      />
    </div>
  );
}
