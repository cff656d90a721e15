/** Which uploads the portal accepts, shared by the file inputs and the server's checks. */

/** Raster images only: an SVG is a document that can carry script. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const PDF_MIME_TYPE = 'application/pdf';

/** The `accept` attribute of an image input; the server decides by the file's content, not by this. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Rows and unpacked bytes an import file may hold (the spec names no limit). */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_UNPACKED_MB = 32;

export const fileMsg = {
  image: 'Het bestand moet een afbeelding zijn.',
  pdf: 'Het bestand moet een PDF zijn.',
  tooManyRows: `Het bestand bevat te veel regels (maximaal ${MAX_IMPORT_ROWS}).`,
  tooLarge: `Het bestand is uitgepakt te groot (maximaal ${MAX_IMPORT_UNPACKED_MB} MB).`,
  notText: 'Het bestand is geen tekstbestand.',
  brokenForm: 'Het formulier is niet goed verstuurd. Probeer het opnieuw.',
} as const;
