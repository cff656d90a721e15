import { useCallback, useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TopBarActions } from '../../../shell/top-bar';
import { Slot } from '../../../shell/slots';
import { usePageTitle } from '../../../shell/page-title';
import { repairQueryOptions } from '../api/repair-detail';
import { RepairInfoPanel } from '../components/RepairInfoPanel';
import { ActivityPanel } from '../components/ActivityPanel';
import { ImagesPanel } from '../components/ImagesPanel';
import { QuotationPanel } from '../components/QuotationPanel';
import { RemarksPanel } from '../components/RemarksPanel';
import { RepairStatusModal } from '../components/RepairStatusModal';
import '../repairs.css';

const route = getRouteApi('/app/reparaties/$id');

/** /reparaties/{id}: info, activity, images, quotation and remarks (spec 2 §2.10). */
export function RepairDetailPage() {
  const { id } = route.useParams();
  const { data: repair } = useSuspenseQuery(repairQueryOptions(id));
  usePageTitle(repair.order_number ?? `Reparatie ${repair.id}`);
  const [changingStatus, setChangingStatus] = useState(false);
  const [editing, setEditing] = useState(false);
  const stopEditing = useCallback(() => setEditing(false), []);

  return (
    <div className="repair-detail">
      <TopBarActions
        actions={[
          { label: 'Status wijzigen', right: 'Levering wijzigen', onClick: () => setChangingStatus(true) },
          { label: 'Reparatie wijzigen', right: 'Levering wijzigen', onClick: () => setEditing(true) },
        ]}
      />
      <RepairInfoPanel repair={repair} />
      <div className="repair-columns">
        <ActivityPanel repair={repair} />
        {/* Keyed on the stored text: a refetch that brings other remarks restarts the editor. */}
        <RemarksPanel key={repair.repair_description ?? ''} repair={repair} />
      </div>
      <div className="repair-columns">
        <ImagesPanel repair={repair} />
        <QuotationPanel repair={repair} />
      </div>
      <p className="muted">
        <Link to="/activiteiten/leveringen/$id" params={{ id: repair.id }}>
          Alle activiteiten van deze reparatie
        </Link>
      </p>
      {changingStatus && <RepairStatusModal repair={repair} onClose={() => setChangingStatus(false)} />}
      {/* The repair request is a delivery: its edit form belongs to deliveries (spec 2 §2.10). */}
      {editing && <Slot name="delivery-edit" props={{ deliveryId: repair.id, onClose: stopEditing }} />}
    </div>
  );
}
