import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';

export const useDeleteAsn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson<{ message: string }>(`asns/${id}`),
    meta: { errorText: 'Er is helaas iets fout gegaan bij het verwijderen' },
    onSuccess: () => refreshAfter(queryClient, 'prenotifications'),
  });
};
