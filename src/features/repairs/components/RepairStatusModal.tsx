import { useState, type FormEvent } from 'react';
import type { RepairDetail } from '../../../domain/contracts/repairs';
import { itemStatusNames, repairStatuses } from '../../../domain/enums';
import { repairToast } from '../../../domain/schemas/repairs';
import { showToast } from '../../../shell/toast';
import { Modal } from '../../../ui/Modal';
import { useChangeRepairStatus } from '../api/change-status';

/** The top bar's 'Status wijzigen': any of the six repair statuses, in any order (spec 2 §4). */
export function RepairStatusModal({ repair, onClose }: { repair: RepairDetail; onClose: () => void }) {
  const change = useChangeRepairStatus(repair.id);
  const [status, setStatus] = useState(String(repair.status.id));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!status || Number(status) === repair.status.id) return onClose();
    change.mutate(Number(status), {
      onSuccess: () => {
        showToast('Gelukt', repairToast.statusChanged);
        onClose();
      },
    });
  };
  return (
    <Modal title="Status wijzigen" onClose={onClose} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="repair-status">Status</label>
          <select id="repair-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            {repairStatuses.map((s) => <option key={s} value={s}>{itemStatusNames[s]}</option>)}
          </select>
        </div>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button>
          <button type="submit" className="button button-primary" disabled={change.isPending}>Opslaan</button>
        </div>
      </form>
    </Modal>
  );
}
