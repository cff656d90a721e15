/**
 * Issue 22 point 4: a small PNG can declare a picture that unpacks to a hundred megabytes. A signature
 * is refused on the width and height of its header before anything is inflated (ten at once hold no
 * other request), and an uploaded image (customer logo, drawn by pdfkit on the packing slip) whose
 * header declares more than MAX_IMAGE_SIDE or MAX_IMAGE_PIXELS is refused as not an image.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { multipartBody } from '../support/multipart';
import { pngDataUrl, signaturePng } from '../support/png';
import { addedHold, listenLocally } from '../support/event-loop';
import { MAX_IMAGE_SIDE } from '../../server/lib/image-size';

const MAX_HOLD_MS = 300;

let ctx: TestContext;
let base: string;
let magazijn: ApiClient;
let admin: ApiClient;

/** A PNG whose header says width × height (RGBA) and whose pixel data is one deflated run of zeros of that size. */
function declaredPng(width: number, height: number, inflatedBytes = height * (1 + width * 4)): Buffer {
  const png = signaturePng(2, 2);
  const ihdr = Buffer.from(png.subarray(8, 33));
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeInt32BE(zlib.crc32(ihdr.subarray(4, 21)) | 0, 21);
  const pixels = zlib.deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  const idat = Buffer.alloc(12 + pixels.length);
  idat.writeUInt32BE(pixels.length, 0);
  idat.write('IDAT', 4, 'latin1');
  pixels.copy(idat, 8);
  idat.writeInt32BE(zlib.crc32(idat.subarray(4, 8 + pixels.length)) | 0, 8 + pixels.length);
  return Buffer.concat([png.subarray(0, 8), ihdr, idat, png.subarray(png.length - 12)]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  admin = await ctx.client().signIn('beheerder@demo.local');
  base = await listenLocally(ctx.app);
});
afterAll(() => ctx?.close());

describe('a signature is refused on its declared size before it is unpacked', () => {
  it('refuses a 4800×4800 signature (about 90 KB, 92 MB unpacked) with the size message, ten at once without holding other requests', async () => {
    const bomb = declaredPng(4800, 4800);
    expect(bomb.length).toBeLessThan(200_000);
    const one = await magazijn.post('/api/finish/delivery', {
      id: 1,
      items: [],
      handtekening: pngDataUrl(bomb),
      signer_name: 'Jan',
    });
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual({ handtekening: ['De handtekening is te groot of te klein.'] });

    const request = (png: Buffer) => ({
      method: 'POST',
      path: '/api/finish/delivery',
      headers: magazijn.sessionHeaders(),
      body: {
        prefix: JSON.stringify({ id: 1, items: [], signer_name: 'Jan', handtekening: pngDataUrl(png) }),
        repeat: '',
        times: 0,
        suffix: '',
      },
    });
    const held = await addedHold(
      base,
      Array.from({ length: 10 }, () => request(signaturePng(300, 200))),
      Array.from({ length: 10 }, () => request(bomb)),
      MAX_HOLD_MS,
    );
    for (const answer of held.answers)
      expect(JSON.parse(answer.body).errors).toEqual({ handtekening: ['De handtekening is te groot of te klein.'] });
    expect(held.addedMs, `slowest ${held.slowestMs} ms`).toBeLessThan(MAX_HOLD_MS);
  });

  it('still takes a signature of a normal size', async () => {
    const res = await magazijn.post('/api/finish/delivery', {
      id: 999_999,
      items: [],
      handtekening: pngDataUrl(signaturePng(600, 300)),
      signer_name: 'Jan',
    });
    expect(res.body.errors?.handtekening).toBeUndefined();
  });
});

describe('an uploaded image is refused when its header declares too large a picture', () => {
  const upload = async (png: Buffer) => {
    const customer = (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('client_type_id', '=', 3)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const form = multipartBody({}, { image: { name: 'logo.png', data: png, type: 'image/png' } });
    return admin.post(`/api/clients/${customer}/image`, form.payload, form.headers);
  };

  it('refuses a logo that declares 20000×20000 pixels, and one over the pixel budget', async () => {
    for (const png of [declaredPng(20_000, 20_000, 1024), declaredPng(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, 1024)]) {
      const res = await upload(png);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ image: ['Het bestand moet een afbeelding zijn.'] });
    }
  });

  it('takes a logo of a normal size', async () => {
    expect((await upload(signaturePng(400, 200))).status).toBe(200);
  });
});
