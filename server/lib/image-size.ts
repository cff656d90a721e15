/**
 * The pixel size a raster image declares in its header (PNG IHDR, JPEG SOF, GIF screen, WebP VP8/VP8L/VP8X),
 * read without decoding a pixel. A few hundred kilobytes can declare a picture that unpacks to
 * gigabytes (issue 22): a size is refused on these numbers before anything inflates the data.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** The largest side and the most pixels an uploaded image may have (a 16-megapixel photo fits). */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 16_777_216;

const ascii = (data: Buffer, at: number, text: string) =>
  data.length >= at + text.length && data.toString('latin1', at, at + text.length) === text;

function pngSize(d: Buffer): ImageSize | null {
  if (d.length < 24 || d.readUInt32BE(0) !== 0x89504e47 || !ascii(d, 12, 'IHDR')) return null;
  return { width: d.readUInt32BE(16), height: d.readUInt32BE(20) };
}

function gifSize(d: Buffer): ImageSize | null {
  if (d.length < 10 || !(ascii(d, 0, 'GIF87a') || ascii(d, 0, 'GIF89a'))) return null;
  return { width: d.readUInt16LE(6), height: d.readUInt16LE(8) };
}

function webpSize(d: Buffer): ImageSize | null {
  if (d.length < 30 || !ascii(d, 0, 'RIFF') || !ascii(d, 8, 'WEBP')) return null;
  if (ascii(d, 12, 'VP8X')) return { width: 1 + d.readUIntLE(24, 3), height: 1 + d.readUIntLE(27, 3) };
  if (ascii(d, 12, 'VP8L')) {
    const bits = d.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (ascii(d, 12, 'VP8 ')) return { width: d.readUInt16LE(26) & 0x3fff, height: d.readUInt16LE(28) & 0x3fff };
  return null;
}

/** JPEG: the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) names the size. */
function jpegSize(d: Buffer): ImageSize | null {
  if (d.length < 4 || d[0] !== 0xff || d[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < d.length) {
    if (d[at] !== 0xff) return null;
    const marker = d[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: d.readUInt16BE(at + 7), height: d.readUInt16BE(at + 5) };
    }
    at += 2 + d.readUInt16BE(at + 2);
  }
  return null;
}

/** The size the image's header declares, or null when it declares none this reader knows. */
export function imageSize(data: Buffer): ImageSize | null {
  return pngSize(data) ?? jpegSize(data) ?? gifSize(data) ?? webpSize(data);
}

/** A declared size that any viewer (and pdfkit, which unpacks PNGs with alpha) can decode without harm. */
export function isDecodableSize(
  size: ImageSize | null,
  maxSide = MAX_IMAGE_SIDE,
  maxPixels = MAX_IMAGE_PIXELS,
): size is ImageSize {
  return (
    !!size &&
    size.width >= 1 &&
    size.height >= 1 &&
    size.width <= maxSide &&
    size.height <= maxSide &&
    size.width * size.height <= maxPixels
  );
}

/** False when the header declares a size too large to decode; a header this reader does not know passes. */
export function withinDecodeLimits(data: Buffer): boolean {
  const size = imageSize(data);
  return size === null || isDecodableSize(size);
}
