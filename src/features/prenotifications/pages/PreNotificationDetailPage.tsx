import { useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { formatDate } from '@domain/format';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { showToast } from '../../../shell/toast';
import { asnDetailQueryOptions } from '../api/get-asn';
import { useDeleteAsn } from '../api/delete-asn';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CheckInModal } from '../components/CheckInModal';
import { PreNotificationFormModal } from '../components/PreNotificationFormModal';
import { useSessionUser } from '../../../session';
import '../prenotifications.css';

const route = getRouteApi('/app/voormelding/$id');

const jaNee = (b: boolean) => (b ? 'Ja' : 'Nee');

/** /voormelding/{id}: info panel, article table, check-in, edit and delete (spec 2 §2.5). */
export function PreNotificationDetailPage() {
  const { id } = route.useParams();
  const { can } = useSessionUser();
  const navigate = useNavigate();
  const { data: asn } = useSuspenseQuery(asnDetailQueryOptions(id));
  const remove = useDeleteAsn();
  const [modal, setModal] = useState<'edit' | 'checkin' | null>(null);
  usePageTitle(`Voormelding ${asn.reference}`);

  const onDelete = async () => {
    if (
      !(await confirmDialog({
        title: 'Voormelding verwijderen',
        text: `Weet je zeker dat je voormelding ${asn.reference} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(asn.id, {
      onSuccess: () => {
        showToast('Gelukt', 'De voormelding is verwijderd');
        void navigate({ to: '/voormeldingen' });
      },
    });
  };

  const info: [string, string | null][] = [
    ['Referentie', asn.reference],
    ['Aangevraagd door', asn.user?.name ?? null],
    ['Eindklant', asn.client.name],
    ['Aanmelddatum', formatDate(asn.created_at)],
    ['Verwachte leverdatum', formatDate(asn.expected) || null],
    ['Deellevering', jaNee(asn.partial_delivery)],
    ['Ordernummer', asn.reference],
    ...(asn.start_date_contract
      ? [['Startdatum contract', formatDate(asn.start_date_contract)] as [string, string]]
      : []),
    ...(asn.end_date_contract ? [['Einddatum contract', formatDate(asn.end_date_contract)] as [string, string]] : []),
    ['Projectnummer', asn.project_number],
    ['Topdesknummer', asn.w_number],
    ['Voorraadeigenaar', asn.stock_owner],
    ['DaaS', jaNee(asn.daas)],
  ];

  return (
    <>
      <div className="panel">
        <div className="pn-head">
          <div>
            <span className={asn.complete ? 'pn-status pn-status-done' : 'pn-status'}>
              {asn.complete ? `Afgerond op ${formatDate(asn.completed_at)}` : 'Open'}
            </span>
          </div>
          <div className="pn-actions">
            {can('Voormelding wijzigen') && (
              <button type="button" className="button button-secondary" onClick={() => setModal('edit')}>
                Voormelding wijzigen
              </button>
            )}
            {can('Voormelding verwijderen') && (
              <button type="button" className="button button-danger" onClick={onDelete}>
                Voormelding verwijderen
              </button>
            )}
          </div>
        </div>
        <dl className="pn-info">
          {info.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || '–'}</dd>
            </div>
          ))}
          {asn.comment && (
            <div className="pn-wide">
              <dt>Opmerking</dt>
              <dd>{asn.comment}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="panel">
        <div className="pn-head">
          <h2>Artikelen</h2>
          <div className="pn-actions">
            <Link to="/voormeldingen/$id" params={{ id: asn.id }} className="button button-secondary">
              Artikelenoverzicht
            </Link>
            {!asn.complete && can('Artikel aanmaken') && (
              <button type="button" className="button button-primary" onClick={() => setModal('checkin')}>
                Artikelen inklaren
              </button>
            )}
          </div>
        </div>
        <div className="scroll-x">
          <table className="pn-lines">
            <thead>
              <tr>
                <th>Artikelomschrijving</th>
                <th className="num">Aantal</th>
                <th>Artikelnummer</th>
                <th className="num">Ingeklaard</th>
              </tr>
            </thead>
            <tbody>
              {asn.products.map((l) => (
                <tr key={l.id}>
                  <td>{l.product.name}</td>
                  <td className="num">{l.expected}</td>
                  <td>{l.product.article_number}</td>
                  <td className={l.arrived >= l.expected ? 'num pn-done' : 'num'}>{l.arrived}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {modal === 'edit' && (
        <PreNotificationFormModal asn={asn} onClose={() => setModal(null)} onSaved={() => setModal(null)} />
      )}
      {modal === 'checkin' && <CheckInModal asn={asn} onClose={() => setModal(null)} />}
    </>
  );
}
