import zlib from 'node:zlib';
import { imageSize, isDecodableSize } from './image-size';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel for 8-bit colour types (grey, RGB, palette, grey+alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface PngInfo {
  width: number;
  height: number;
}

/**
 * Checks that the bytes are one whole, well-formed, non-interlaced 8-bit PNG: signature, IHDR first,
 * chunks that fit, IDAT data that inflates to exactly the rows the header promises (bounded, so a
 * small file cannot unpack into a large one), IEND last. Anything else is null. Nothing but chunk
 * structure and pixels is read, so a PNG cannot carry anything a viewer would run.
 */
export function checkPng(data: Buffer, maxSide: number): PngInfo | null {
  if (data.length < 57 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  // Refused on the header's numbers, before a byte is inflated (issue 22: 90 KB unpacked to 92 MB).
  if (!isDecodableSize(imageSize(data), maxSide)) return null;
  let at = 8;
  let info: PngInfo | null = null;
  let bytesPerPixel = 0;
  const idat: Buffer[] = [];
  let ended = false;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > data.length) return null;
    const body = data.subarray(at + 8, at + 8 + length);
    if (!info) {
      if (type !== 'IHDR' || length !== 13) return null;
      const [depth, colour, interlace] = [body[8], body[9] ?? -1, body[12]];
      const channels = CHANNELS[colour];
      if (depth !== 8 || channels === undefined || interlace !== 0) return null;
      info = { width: body.readUInt32BE(0), height: body.readUInt32BE(4) };
      if (info.width < 1 || info.height < 1 || info.width > maxSide || info.height > maxSide) return null;
      bytesPerPixel = channels;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') {
      ended = at + 12 === data.length;
      break;
    }
    at += 12 + length;
  }
  if (!info || !ended || !idat.length) return null;
  const expected = info.height * (1 + info.width * bytesPerPixel);
  try {
    const pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
    return pixels.length === expected ? info : null;
  } catch {
    return null;
  }
}
