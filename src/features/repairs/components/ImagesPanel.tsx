import { useRef, useState, type ChangeEvent } from 'react';
import type { RepairDetail, RepairFile } from '@domain/contracts/repairs';
import { repairToast } from '@domain/schemas/repairs';
import { confirmDialog } from '../../../shell/confirm';
import { showToast } from '../../../shell/toast';
import { Modal } from '../../../ui/Modal';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { useAddImage, useRemoveImage } from '../api/images';

/** Images: several at once with progress, open one in a modal, delete per image (spec 2 §2.10). */
export function ImagesPanel({ repair }: { repair: RepairDetail }) {
  const add = useAddImage(repair.id);
  const remove = useRemoveImage(repair.id);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; current: number } | null>(null);
  const [open, setOpen] = useState<RepairFile | null>(null);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    let uploaded = 0;
    setProgress({ done: 0, total: files.length, current: 0 });
    for (const [index, file] of files.entries()) {
      // One request per file: one bad file does not cost the others; the bar moves with the bytes sent.
      const onProgress = (current: number) => setProgress({ done: index, total: files.length, current });
      const ok = await add.mutateAsync({ file, onProgress }).then(
        () => true,
        () => false,
      );
      if (ok) uploaded += 1;
      setProgress({ done: index + 1, total: files.length, current: 0 });
    }
    setProgress(null);
    if (uploaded > 0) showToast('Gelukt', repairToast.imagesUploaded);
  };

  const removeImage = async (image: RepairFile) => {
    if (
      !(await confirmDialog({
        text: `Weet je zeker dat je ${image.name} wilt verwijderen?`,
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(image.id, {
      onSuccess: () => {
        setOpen(null);
        showToast('Gelukt', repairToast.imageRemoved);
      },
    });
  };

  return (
    <section className="panel" aria-labelledby="repair-images">
      <div className="panel-header">
        <h3 id="repair-images">Afbeeldingen</h3>
        {repair.can.upload_images && (
          <>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => input.current?.click()}
              disabled={!!progress}
            >
              Afbeeldingen uploaden
            </button>
            <input
              ref={input}
              type="file"
              accept="image/*"
              multiple
              hidden
              aria-label="Afbeeldingen kiezen"
              onChange={upload}
            />
          </>
        )}
      </div>
      {progress && (
        <>
          <UploadProgress fraction={(progress.done + progress.current) / progress.total} />
          {progress.total > 1 && (
            <p className="muted">
              Afbeelding {Math.min(progress.done + 1, progress.total)} van {progress.total}
            </p>
          )}
        </>
      )}
      {repair.images.length === 0 ? (
        <p className="muted">Geen afbeeldingen</p>
      ) : (
        <ul className="repair-images">
          {repair.images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                className="image-button"
                onClick={() => setOpen(image)}
                aria-label={`${image.name} openen`}
              >
                <img src={image.original_url} alt={image.name} loading="lazy" />
              </button>
              {repair.can.remove_images && (
                <button
                  type="button"
                  className="button button-danger button-small"
                  onClick={() => void removeImage(image)}
                  aria-label={`${image.name} verwijderen`}
                >
                  Verwijderen
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Modal title={open.name} onClose={() => setOpen(null)} size="large">
          <img className="repair-image-large" src={open.original_url} alt={open.name} />
        </Modal>
      )}
    </section>
  );
}
