import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, putJson } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import type { AsnAnswer, AsnPayload } from '@domain/contracts/prenotifications';

interface SaveAsn {
  id?: number;
  payload: AsnPayload;
}

export const useSaveAsn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: SaveAsn) =>
      id ? putJson<AsnAnswer>(`asns/${id}`, payload) : postJson<AsnAnswer>('asns', payload),
    meta: {
      errorText: (_err, vars) =>
        (vars as SaveAsn).id ? 'De voormelding kon niet worden gewijzigd' : 'De voormelding kon niet worden aangemaakt',
    },
    onSuccess: () => refreshAfter(queryClient, 'prenotifications'),
  });
};
