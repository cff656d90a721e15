import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { refreshAfter, queryKeys } from '../../../api/keys';
import type { RepairDetail } from '@domain/contracts/repairs';

/** A repair command: its answer carries the fresh repair, which replaces the page's data at once. */
export function useRepairCommand<TVars>(
  repairId: number,
  fn: (vars: TVars) => Promise<{ message?: string; data?: RepairDetail }>,
  meta: MutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: (answer) => {
      if (answer.data) queryClient.setQueryData(queryKeys.repairs.detail(repairId), answer.data);
      return refreshAfter(queryClient, 'repairs');
    },
  });
}
