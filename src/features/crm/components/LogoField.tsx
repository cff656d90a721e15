import { useState } from 'react';
import { LOGO_ACCEPT, fileMsg, isLogoType, isRasterImageType } from '@domain/files';
import type { ClientFormData } from '@domain/contracts/clients';
import { ApiError } from '../../../api/errors';
import { FieldMessage } from '../../../ui/form/Field';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { useUploadLogo } from '../api/logo';

/** The logo a customer form picked, and its upload (with progress) once the customer is saved. */
export function useLogoUpload() {
  const uploadLogo = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (clientId: number, picked: File) => {
    setProgress(0);
    try {
      return (await uploadLogo.mutateAsync({ clientId, file: picked, onProgress: setProgress })).data;
    } finally {
      setProgress(null);
    }
  };
  return {
    file,
    setFile,
    progress,
    send,
    /** PNG or JPEG only (the server checks the bytes as well): a 422 under the field before anything is sent. */
    check() {
      if (file && !isLogoType(file.type))
        // As the server answers: a raster image of another type is no logo, anything else (an SVG) no image.
        throw new ApiError(422, 'Validatie mislukt!', {
          image: [isRasterImageType(file.type) ? fileMsg.logo : fileMsg.image],
        });
    },
    /** The customer exists once created: a refused logo then shows its toast and the new customer opens anyway. */
    async sendAfterCreate(created: ClientFormData): Promise<ClientFormData> {
      if (!file) return created;
      try {
        return await send(created.id, file);
      } catch {
        return created;
      }
    },
  };
}

interface Props {
  /** The logo the customer has, shown until another file is picked. */
  storedUrl: string | null;
  upload: ReturnType<typeof useLogoUpload>;
  error: string | undefined;
  onPick: () => void;
}

export function LogoField({ storedUrl, upload, error, onPick }: Props) {
  return (
    <div className={`field span-2 customer-logo-field${error ? ' has-error' : ''}`}>
      <label htmlFor="customer-logo">Logo</label>
      <div className="customer-logo-input">
        {storedUrl && !upload.file && <img src={storedUrl} alt="" className="customer-logo-preview" />}
        <input
          id="customer-logo"
          name="image"
          type="file"
          accept={LOGO_ACCEPT}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            upload.setFile(e.target.files?.[0] ?? null);
            onPick();
          }}
        />
      </div>
      <FieldMessage error={error} />
      <UploadProgress fraction={upload.progress} label="Voortgang uploaden logo" />
    </div>
  );
}
