import formatContentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { PDF_MIME_TYPE, isRasterImageType } from '@domain/files';
import { notFound } from '../http/errors';
import { isMissingFile, peek, type FileStorage } from './storage';
import { withinDecodeLimits } from './image-size';

/** A file's type as its first bytes show it; the client's content type and file name are never trusted. */
interface SniffedType {
  mime: string;
  ext: string;
}

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const signatures: { mime: string; ext: string; test: (d: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: 'png', test: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', ext: 'jpg', test: (d) => startsWith(d, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', ext: 'gif', test: (d) => startsWith(d, ascii('GIF87a')) || startsWith(d, ascii('GIF89a')) },
  { mime: 'image/webp', ext: 'webp', test: (d) => startsWith(d, ascii('RIFF')) && startsWith(d, ascii('WEBP'), 8) },
  { mime: PDF_MIME_TYPE, ext: 'pdf', test: (d) => startsWith(d, ascii('%PDF-')) },
  // .xlsx (and every other OOXML/zip file) starts with a local file header.
  { mime: 'application/zip', ext: 'zip', test: (d) => startsWith(d, [0x50, 0x4b, 0x03, 0x04]) },
];

/** How many leading bytes `sniffFileType` needs. */
const SNIFF_BYTES = 16;

function sniffFileType(data: Buffer): SniffedType | null {
  const found = signatures.find((s) => s.test(data));
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** The raster image type of the data (PNG, JPEG, WebP, GIF), or null. */
export function sniffImage(data: Buffer): SniffedType | null {
  const type = sniffFileType(data);
  // Its declared size too: a small file may declare a picture that unpacks to gigabytes where it is drawn.
  return type && isRasterImageType(type.mime) && withinDecodeLimits(data) ? type : null;
}

export function sniffPdf(data: Buffer): SniffedType | null {
  const type = sniffFileType(data);
  return type?.mime === PDF_MIME_TYPE ? type : null;
}

export function isZip(data: Buffer): boolean {
  return sniffFileType(data)?.mime === 'application/zip';
}

/**
 * `attachment; filename=...` (RFC 6266, by the content-disposition package): an ASCII name as is, any
 * other with an ASCII fallback and the UTF-8 name, every character outside attr-char (also ') encoded.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.replace(/[\\/]/g, '_'); // the package would keep only what follows a (back)slash
  return formatContentDisposition(name, { type: kind, fallback: name.replace(/[^\x20-\x7e]/g, '_') });
}

/**
 * Serves a stored file under its checked type: the type is sniffed again from the stored bytes, so a
 * file stored before uploads were checked (an SVG, HTML) can only ever be downloaded, never rendered.
 * Raster images are shown inline; everything else is an attachment. The sandbox CSP keeps a
 * document that is opened anyway from running script or loading anything. One read of the storage
 * (folder or bucket) gives the type and then streams the body.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  downloadName: string,
): Promise<FastifyReply> {
  const { head, whole } = await peek(storage.read(key), SNIFF_BYTES).catch((err: unknown) => {
    throw isMissingFile(err) ? notFound() : err;
  });
  const type = sniffFileType(head);
  const image = type && isRasterImageType(type.mime);
  const mime = type && (image || type.mime === PDF_MIME_TYPE) ? type.mime : 'application/octet-stream';
  const hasExtension = /\.[A-Za-z0-9]{1,5}$/.test(downloadName);
  const name = type && !hasExtension ? `${downloadName}.${type.ext}` : downloadName;
  return reply
    .header('Content-Type', mime)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Content-Disposition', contentDisposition(image ? 'inline' : 'attachment', name))
    .send(whole);
}
