import fs from 'node:fs';
import path from 'node:path';
import { withinDecodeLimits } from './image-size';
import { projectRoot } from './project-root';
import type { FileStorage } from './storage';

/** The provider's logo on every document (the app icon; pdfkit draws PNG and JPEG, not SVG). */
const LOGO_PATH = path.join(projectRoot, 'public', 'icons', 'icon-192.png');

/** pdfkit loads with the first document, not with the server (start-up time, issue 13). */
export async function newDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ ...options, info: { Producer: 'Reuzado Portaal', ...options.info } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export function logo(): Buffer | null {
  return fs.existsSync(LOGO_PATH) ? fs.readFileSync(LOGO_PATH) : null;
}

/** A stored image pdfkit can draw (PNG or JPEG by its first bytes), else null. */
export async function storedImage(storage: FileStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const data = await storage.readBuffer(key);
    const png = data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const jpeg = data[0] === 0xff && data[1] === 0xd8;
    // pdfkit unpacks a PNG with alpha whole: an image stored before sizes were checked is left out.
    return (png || jpeg) && withinDecodeLimits(data) ? data : null;
  } catch {
    return null;
  }
}

/** Sends a PDF inline (the browser shows or saves it) with a file name. */
export function pdfHeaders(fileName: string): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  };
}
