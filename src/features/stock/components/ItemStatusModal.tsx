import { itemStatusNames, manualItemStatuses } from '@domain/enums';
import type { ItemDetail } from '@domain/contracts/stock';
import { showToast } from '../../../shell/toast';
import { ChoiceModal } from '../../../ui/ChoiceModal';
import { useItemUpdate } from '../api/items';

const statusOptions = manualItemStatuses.map((s) => ({ value: s, label: itemStatusNames[s] }));

/** The status label's modal: the manual statuses of spec 2 §4. */
export function ItemStatusModal({ item, onClose }: { item: ItemDetail; onClose: () => void }) {
  const update = useItemUpdate(item.id, { errorText: 'Er is helaas iets fout gegaan bij het wijzigen van de status' });
  const initial = manualItemStatuses.some((s) => s === item.status_id) ? String(item.status_id) : '';
  const confirm = (status: string) =>
    update.mutate(
      { status_id: Number(status) },
      {
        onSuccess: () => {
          showToast('Gelukt', 'De status is aangepast');
          onClose();
        },
      },
    );
  return (
    <ChoiceModal
      title="Status wijzigen"
      label="Status"
      options={statusOptions}
      initial={initial}
      placeholder="Selecteer een status"
      pending={update.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
