import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileMsg } from '@domain/files';
import { HttpError } from './errors';
import { BODY_TOO_LARGE_MESSAGE } from './body-limits';

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

/** A digest of each multipart body read, for the Idempotency-Key check (server/http/command.ts). */
const digests = new WeakMap<FastifyRequest, string>();

/** SHA-256 of the fields and files of the request's multipart body, once read; undefined otherwise. */
export function multipartDigest(request: FastifyRequest): string | undefined {
  return digests.get(request);
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
  const digest = crypto.createHash('sha256');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        digest.update(`file ${JSON.stringify([part.fieldname, part.filename])} ${data.length}\n`).update(data);
        if (part.filename && data.length) {
          files[part.fieldname] = { name: part.filename, data };
          fileList.push({ field: part.fieldname, name: part.filename, data });
        }
      } else {
        // A text field cut off at the fieldSize limit (app.ts) is refused, never read as a shorter value.
        if (part.valueTruncated) throw new HttpError(413, BODY_TOO_LARGE_MESSAGE);
        fields[part.fieldname] = part.value;
        digest.update(`field ${JSON.stringify([part.fieldname, part.value])}\n`);
      }
    }
  } catch (err) {
    if (err instanceof HttpError || LIMIT_CODES.has((err as { code?: string }).code ?? '')) throw err;
    request.log.info({ err }, 'unreadable multipart body');
    throw new HttpError(400, fileMsg.brokenForm);
  }
  digests.set(request, digest.digest('hex'));
  return { fields, files, fileList };
}
