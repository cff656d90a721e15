import { postJson } from '../../../api/client';
import { repairToast } from '@domain/schemas/repairs';
import { useRepairCommand } from './use-repair-command';

/**
 * POST /api/deliveries/{id} with only the remarks (Superuser). The delivery edit answers a delivery,
 * not a repair, so its data is dropped and the repair is fetched again.
 */
export const useSaveRemarks = (repairId: number) =>
  useRepairCommand(
    repairId,
    async (remarks: string) => {
      const { message } = await postJson<{ message: string }>(`deliveries/${repairId}`, {
        _method: 'PUT',
        onlyChangeRepairDescription: true,
        repair_description: remarks,
      });
      return { message };
    },
    { errorText: repairToast.remarksFailed },
  );
