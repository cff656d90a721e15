import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForm } from '../../../api/client';
import { refreshAfter } from '../../../api/keys';
import type { ClientFormData } from '@domain/contracts/clients';

/** Where the customer page shows the logo; the stored key changes with every upload, so it busts the cache. */
export const logoUrl = (client: Pick<ClientFormData, 'id' | 'image'>) =>
  client.image ? `/api/clients/${client.id}/image?v=${encodeURIComponent(client.image)}` : null;

/** The customer's logo (spec 1 §2.10 'image file'): a raster image, checked by its bytes on the server. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      clientId,
      file,
      onProgress,
    }: {
      clientId: number;
      file: File;
      onProgress?: (fraction: number) => void;
    }) => {
      const body = new FormData();
      body.set('image', file);
      return postForm<{ message: string; data: ClientFormData }>(`clients/${clientId}/image`, body, {
        timeout: 120_000,
        onProgress,
      });
    },
    meta: { errorText: 'Er is helaas iets fout gegaan bij het opslaan van het logo' },
    onSuccess: () => refreshAfter(queryClient, 'clients'),
  });
}
