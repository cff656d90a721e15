import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';

/** What warehouse labels carry: Code 128, Code 39, EAN-13/EAN-8 and QR codes. */
export const SCAN_FORMATS = [
  BarcodeFormat.CODE_128,
  BarcodeFormat.CODE_39,
  BarcodeFormat.EAN_13,
  BarcodeFormat.EAN_8,
  BarcodeFormat.QR_CODE,
];

export function scanHints(): Map<DecodeHintType, unknown> {
  const hints = new Map<DecodeHintType, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, SCAN_FORMATS);
  hints.set(DecodeHintType.TRY_HARDER, true);
  return hints;
}

/** RGBA pixels (canvas ImageData, a decoded PNG) to one luminance byte per pixel. */
export function luminanceFromRgba(data: ArrayLike<number>, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; p < out.length; i += 4, p++) {
    const a = (data[i + 3] ?? 255) / 255;
    // Transparent pixels count as white paper.
    const y = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    out[p] = Math.round(y * a + 255 * (1 - a));
  }
  return out;
}

export interface Decoded {
  text: string;
  format: string;
}

/** Decodes one grey image; null when no barcode of the allowed formats is found. */
export function decodeLuminance(
  luminance: Uint8ClampedArray,
  width: number,
  height: number,
  reader = new MultiFormatReader(),
): Decoded | null {
  reader.setHints(scanHints());
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
    const result = reader.decode(bitmap);
    return {
      text: result.getText(),
      format: BarcodeFormat[result.getBarcodeFormat()] ?? String(result.getBarcodeFormat()),
    };
  } catch (err) {
    if (err instanceof NotFoundException || (err as Error)?.name?.endsWith('Exception')) return null;
    throw err;
  } finally {
    reader.reset();
  }
}

export function decodeImageData(
  image: { data: ArrayLike<number>; width: number; height: number },
  reader?: MultiFormatReader,
): Decoded | null {
  return decodeLuminance(luminanceFromRgba(image.data, image.width, image.height), image.width, image.height, reader);
}
