import { isImportFileName, stockMsg } from '@domain/schemas/stock';
import { ValidationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { sniffImage } from '../../lib/file-type';

/** The uploaded image under a name with its real extension; anything but a raster image is a 422 on 'image'. */
export function checkedImage(file: UploadedFile | undefined): UploadedFile | undefined {
  if (!file) return undefined;
  const type = sniffImage(file.data);
  if (!type) throw ValidationError.field('image', stockMsg.image);
  return { name: `image.${type.ext}`, data: file.data };
}

export function assertImportFile(file: UploadedFile | undefined): UploadedFile {
  if (!file) throw ValidationError.field('file', stockMsg.fileRequired);
  if (!isImportFileName(file.name)) throw ValidationError.field('file', stockMsg.fileType);
  return file;
}
