import type { FastifyRequest } from 'fastify';
import { IMAGE_TYPES, isImportFileName, stockMsg } from '../../../src/domain/schemas/stock';
import { ValidationError } from '../../http/errors';

export interface UploadedFile {
  name: string;
  mimetype: string;
  data: Buffer;
}

/** Fields and files of a multipart form, or the JSON body when no file is sent. */
export async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: Record<string, UploadedFile> }> {
  if (!request.isMultipart()) return { fields: { ...((request.body ?? {}) as Record<string, unknown>) }, files: {} };
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.filename && data.length) files[part.fieldname] = { name: part.filename, mimetype: part.mimetype, data };
    } else fields[part.fieldname] = part.value;
  }
  return { fields, files };
}

/** An image by its first bytes (PNG, JPEG, GIF, WebP, BMP) or an SVG document; the declared type alone is not trusted. */
export function isImage(file: UploadedFile): boolean {
  const b = file.data;
  if (!IMAGE_TYPES.includes(file.mimetype)) return false;
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return true;
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return true;
  if (b.length >= 2 && b.subarray(0, 2).toString('latin1') === 'BM') return true;
  return file.mimetype === 'image/svg+xml' && /<svg[\s>]/i.test(b.subarray(0, 2048).toString('utf8'));
}

export function assertImage(file: UploadedFile | undefined): void {
  if (file && !isImage(file)) throw ValidationError.field('image', stockMsg.image);
}

export function assertImportFile(file: UploadedFile | undefined): UploadedFile {
  if (!file) throw ValidationError.field('file', stockMsg.fileRequired);
  if (!isImportFileName(file.name)) throw ValidationError.field('file', stockMsg.fileType);
  return file;
}

export function contentTypeOf(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase();
  return ({ png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', bmp: 'image/bmp' } as Record<string, string>)[ext ?? ''] ?? 'application/octet-stream';
}
