import type { RepairDetail } from '@domain/contracts/repairs';
import { itemStatusNames, repairStatuses } from '@domain/enums';
import { repairToast } from '@domain/schemas/repairs';
import { showToast } from '../../../shell/toast';
import { ChoiceModal } from '../../../ui/ChoiceModal';
import { useChangeRepairStatus } from '../api/change-status';

const statusOptions = repairStatuses.map((s) => ({ value: s, label: itemStatusNames[s] }));

/** The top bar's 'Status wijzigen': any of the six repair statuses, in any order (spec 2 §4). */
export function RepairStatusModal({ repair, onClose }: { repair: RepairDetail; onClose: () => void }) {
  const change = useChangeRepairStatus(repair.id);
  const confirm = (status: string) => {
    if (Number(status) === repair.status.id) return onClose();
    change.mutate(Number(status), {
      onSuccess: () => {
        showToast('Gelukt', repairToast.statusChanged);
        onClose();
      },
    });
  };
  return (
    <ChoiceModal
      title="Status wijzigen"
      label="Status"
      options={statusOptions}
      initial={String(repair.status.id)}
      pending={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
