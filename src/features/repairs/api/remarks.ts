import { postJson } from '../../../api/client';
import { repairToast } from '../../../domain/schemas/repairs';
import { useRepairCommand, type RepairAnswer } from './use-repair-command';

/** POST /api/deliveries/{id} with only the remarks (Superuser). */
export const useSaveRemarks = (repairId: number) =>
  useRepairCommand(repairId, (remarks: string) => postJson<RepairAnswer>(`deliveries/${repairId}`, {
    _method: 'PUT', onlyChangeRepairDescription: true, repair_description: remarks,
  }), { errorText: repairToast.remarksFailed });
