/** Which uploads the portal accepts, shared by the file inputs and the server's checks. */

/** Raster images only: an SVG is a document that can carry script. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const isRasterImageType = (mime: string | undefined): mime is ImageMimeType =>
  (IMAGE_MIME_TYPES as readonly string[]).includes(mime ?? '');
export const PDF_MIME_TYPE = 'application/pdf';

/** The `accept` attribute of an image input; the server decides by the file's content, not by this. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/** A customer's logo is drawn on its packing slips, and a PDF holds PNG and JPEG pictures only. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const satisfies readonly ImageMimeType[];
export const LOGO_ACCEPT = LOGO_MIME_TYPES.join(',');
export const isLogoType = (mime: string) => (LOGO_MIME_TYPES as readonly string[]).includes(mime);

/** Rows and unpacked bytes an import file may hold (the spec names no limit). */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_UNPACKED_MB = 32;

export const fileMsg = {
  image: 'Het bestand moet een afbeelding zijn.',
  logo: 'Het logo moet een PNG- of JPEG-afbeelding zijn.',
  pdf: 'Het bestand moet een PDF zijn.',
  tooManyRows: `Het bestand bevat te veel regels (maximaal ${MAX_IMPORT_ROWS}).`,
  tooLarge: `Het bestand is uitgepakt te groot (maximaal ${MAX_IMPORT_UNPACKED_MB} MB).`,
  notText: 'Het bestand is geen tekstbestand.',
  brokenForm: 'Het formulier is niet goed verstuurd. Probeer het opnieuw.',
} as const;

/**
 * The bulk call-off's file (spec 2 §5: "A file is optional"; the spec names no types): the documents
 * and pictures an order comes with. Anything else, a program or a script (.exe, .hta, .lnk, …), is
 * refused by its name here and by its first bytes on the server.
 */
export const BULK_FILE_EXTENSIONS = [
  'pdf',
  'xlsx',
  'xls',
  'csv',
  'docx',
  'doc',
  'txt',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
] as const;
export type BulkFileExtension = (typeof BULK_FILE_EXTENSIONS)[number];

/** The `accept` attribute of the bulk file input. */
export const BULK_FILE_ACCEPT = BULK_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * The allowed extension of a file name, or null. A name that ends in a dot or a space is refused:
 * Windows drops those, so 'a.exe.' would be saved and run as 'a.exe'.
 */
export function bulkFileExtension(name: string): BulkFileExtension | null {
  if (/[.\s]$/.test(name)) return null;
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  return (BULK_FILE_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as BulkFileExtension) : null;
}
