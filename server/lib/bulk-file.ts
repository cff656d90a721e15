import { bulkFileExtension, type BulkFileExtension } from '@domain/files';

const bytes = (...b: number[]) => Buffer.from(b);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
/** OLE2 compound file: the old Word and Excel formats. */
const OLE2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff);

const startsWith = (data: Buffer, head: Buffer | string, at = 0) => {
  const h = typeof head === 'string' ? Buffer.from(head, 'latin1') : head;
  return data.length >= at + h.length && data.subarray(at, at + h.length).equals(h);
};

/** Text as a spreadsheet or editor writes it: no NUL and no control characters but tab, line breaks and form feed. */
function isPlainText(data: Buffer): boolean {
  const head = data.subarray(0, 64 * 1024);
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  return true;
}

const contentMatches: Record<BulkFileExtension, (d: Buffer) => boolean> = {
  pdf: (d) => startsWith(d, '%PDF-'),
  xlsx: (d) => startsWith(d, ZIP),
  docx: (d) => startsWith(d, ZIP),
  xls: (d) => startsWith(d, OLE2),
  doc: (d) => startsWith(d, OLE2),
  csv: isPlainText,
  txt: isPlainText,
  png: (d) => startsWith(d, PNG),
  jpg: (d) => startsWith(d, JPEG),
  jpeg: (d) => startsWith(d, JPEG),
  gif: (d) => startsWith(d, 'GIF87a') || startsWith(d, 'GIF89a'),
  webp: (d) => startsWith(d, 'RIFF') && startsWith(d, 'WEBP', 8),
};

/**
 * Whether a bulk call-off file is one of the allowed types by its name and its bytes both: a program
 * renamed to .pdf is refused as surely as a name the list does not hold.
 */
export function isAcceptableBulkFile(file: { name: string; data: Buffer }): boolean {
  const ext = bulkFileExtension(file.name);
  return ext !== null && contentMatches[ext](file.data);
}
