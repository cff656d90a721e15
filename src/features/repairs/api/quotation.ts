import { download, postForm, postJson } from '../../../api/client';
import type { QuotationDecision } from '@domain/quotation';
import { repairToast } from '@domain/schemas/repairs';
import type { RepairAnswer } from '@domain/contracts/repairs';
import { useRepairCommand } from './use-repair-command';

/** POST /api/deliveries/{id}/add-quotation: the PDF (Superuser, only when none exists). */
export const useAddQuotation = (repairId: number) =>
  useRepairCommand(
    repairId,
    ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('quotation', file);
      return postForm<RepairAnswer>(`deliveries/${repairId}/add-quotation`, form, { timeout: 120_000, onProgress });
    },
    { errorText: repairToast.quotationUploadFailed, toastFieldErrors: true },
  );

/** POST /api/deliveries/{id}/remove-quotation (Superuser, not once accepted). */
export const useRemoveQuotation = (repairId: number) =>
  useRepairCommand(repairId, () => postJson<RepairAnswer>(`deliveries/${repairId}/remove-quotation`), {
    errorText: repairToast.quotationRemoveFailed,
  });

/** POST /api/deliveries/{id}/mail-quotation/{contactId} (Superuser). */
export const useMailQuotation = (repairId: number) =>
  useRepairCommand(
    repairId,
    (contactId: number) => postJson<{ message: string }>(`deliveries/${repairId}/mail-quotation/${contactId}`),
    { errorText: repairToast.quotationMailFailed, toastFieldErrors: true },
  );

/** POST /api/deliveries/{id}/accept-or-deny-quotation {status}; its failures are silent (spec 2 §8). */
export const useDecideQuotation = (repairId: number) =>
  useRepairCommand(
    repairId,
    (status: QuotationDecision) =>
      postJson<RepairAnswer>(`deliveries/${repairId}/accept-or-deny-quotation`, { status }),
    {},
  );

/** GET /api/deliveries/{id}/quotation: the PDF as a download. */
export const downloadQuotation = (repairId: number) => download(`deliveries/${repairId}/quotation`);
