import { useState, type FormEvent } from 'react';
import { itemStatusNames, manualItemStatuses } from '../../../domain/enums';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../shell/toast';
import { useItemUpdate } from '../api/items';
import type { ItemDetail } from '../../../domain/contracts/stock';

/** The status label's modal: the manual statuses of spec 2 §4. */
export function ItemStatusModal({ item, onClose }: { item: ItemDetail; onClose: () => void }) {
  const update = useItemUpdate(item.id, { errorText: 'Er is helaas iets fout gegaan bij het wijzigen van de status' });
  const [status, setStatus] = useState<string>(manualItemStatuses.some((s) => s === item.status_id) ? String(item.status_id) : '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!status) return onClose();
    update.mutate({ status_id: Number(status) }, {
      onSuccess: () => {
        showToast('Gelukt', 'De status is aangepast');
        onClose();
      },
    });
  };
  return (
    <Modal title="Status wijzigen" onClose={onClose} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="item-status">Status</label>
          <select id="item-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Selecteer een status</option>
            {manualItemStatuses.map((s) => <option key={s} value={s}>{itemStatusNames[s]}</option>)}
          </select>
        </div>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button>
          <button type="submit" className="button button-primary" disabled={update.isPending}>Opslaan</button>
        </div>
      </form>
    </Modal>
  );
}
