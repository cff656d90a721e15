import type { FastifyRequest } from 'fastify';
import { fileMsg } from '../../src/domain/files';
import { HttpError } from './errors';

export interface UploadedFile {
  name: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, unknown>;
  /** One file per field name (the last one sent). */
  files: Record<string, UploadedFile>;
  /** Every file part in the order sent, for fields that carry several files (`files[]`). */
  fileList?: (UploadedFile & { field: string })[];
}

/** Limits that the error handler already answers (413 'Het bestand is te groot.'). */
const LIMIT_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The fields and files of a multipart body. A body the parser cannot read (no boundary, cut off,
 * malformed part headers) is the client's fault: a 400 with a Dutch message, never a 500.
 * Empty file parts (a file input left empty) are left out.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  const fileList: (UploadedFile & { field: string })[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.filename && data.length) {
          files[part.fieldname] = { name: part.filename, data };
          fileList.push({ field: part.fieldname, name: part.filename, data });
        }
      } else fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof HttpError || LIMIT_CODES.has((err as { code?: string }).code ?? '')) throw err;
    request.log.info({ err }, 'unreadable multipart body');
    throw new HttpError(400, fileMsg.brokenForm);
  }
  return { fields, files, fileList };
}
