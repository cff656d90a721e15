import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImageData, luminanceFromRgba } from './decode';

async function barcodePng(bcid: string, text: string, options: Record<string, unknown> = {}) {
  const square = bcid === 'qrcode';
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 3,
    ...(square ? {} : { height: 12 }),
    includetext: false,
    paddingwidth: 10,
    paddingheight: 10,
    ...options,
  });
  return PNG.sync.read(png);
}

describe('camera decoding path', () => {
  it('reads a real Code 128 image of a serial', async () => {
    const image = await barcodePng('code128', 'SN-5CG1234XYZ');
    expect(decodeImageData(image)).toEqual({ text: 'SN-5CG1234XYZ', format: 'CODE_128' });
  });

  it('reads Code 39, EAN-13 and QR too', async () => {
    expect(decodeImageData(await barcodePng('code39', 'ABC12345'))?.text).toBe('ABC12345');
    expect(decodeImageData(await barcodePng('ean13', '871234567890', { includetext: false }))?.text).toBe(
      '8712345678906',
    );
    expect(decodeImageData(await barcodePng('qrcode', 'PF3ABCDE'))).toEqual({ text: 'PF3ABCDE', format: 'QR_CODE' });
  });

  it('returns null for an image without a barcode', () => {
    const width = 120;
    const height = 60;
    const blank = { data: new Uint8ClampedArray(width * height * 4).fill(255), width, height };
    expect(decodeImageData(blank)).toBeNull();
  });

  it('turns RGBA into luminance, transparent as white', () => {
    expect([...luminanceFromRgba([0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0], 3, 1)]).toEqual([0, 255, 255]);
  });
});
