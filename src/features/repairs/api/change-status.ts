import { postJson } from '../../../api/client';
import { repairToast } from '@domain/schemas/repairs';
import type { RepairAnswer } from '@domain/contracts/repairs';
import { useRepairCommand } from './use-repair-command';

/** POST /api/deliveries/{id}/change-repair-status {status}. */
export const useChangeRepairStatus = (repairId: number) =>
  useRepairCommand(
    repairId,
    (status: number) => postJson<RepairAnswer>(`deliveries/${repairId}/change-repair-status`, { status }),
    { errorText: repairToast.statusFailed },
  );
