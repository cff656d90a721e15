import { postForm, postJson } from '../../../api/client';
import { repairToast } from '@domain/schemas/repairs';
import type { RepairAnswer } from '@domain/contracts/repairs';
import { useRepairCommand } from './use-repair-command';

/** POST /api/deliveries/{id}/add-images: one file per request, so the page can show progress per file. */
export const useAddImage = (repairId: number) =>
  useRepairCommand(
    repairId,
    ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('files[]', file);
      return postForm<RepairAnswer>(`deliveries/${repairId}/add-images`, form, { timeout: 120_000, onProgress });
    },
    { errorText: repairToast.imagesUploadFailed, toastFieldErrors: true },
  );

/** POST /api/deliveries/{id}/remove-image {image}. */
export const useRemoveImage = (repairId: number) =>
  useRepairCommand(
    repairId,
    (image: number) => postJson<RepairAnswer>(`deliveries/${repairId}/remove-image`, { image }),
    { errorText: repairToast.imagesRemoveFailed },
  );
