import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { chromiumPath } from '../support/chromium';
import { test, expect } from './fixtures';

/**
 * The camera path end to end: Chromium's fake camera plays a video of a printed Code 128 label,
 * ScanInput opens the (rear) camera, decodes the serial and adds it to the check-in.
 */
const SERIAL = 'CAM12345678';
const W = 640;
const H = 480;

/** A Y4M (YUV 4:2:0) clip of a few frames: the barcode in black on white, centred. */
async function barcodeVideo(): Promise<string> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({ bcid: 'code128', text: SERIAL, scale: 3, height: 18, includetext: false }),
  );
  const y = Buffer.alloc(W * H, 235);
  const ox = Math.floor((W - png.width) / 2);
  const oy = Math.floor((H - png.height) / 2);
  for (let row = 0; row < png.height; row++) {
    for (let col = 0; col < png.width; col++) {
      const i = (row * png.width + col) * 4;
      const a = png.data[i + 3]! / 255;
      const lum = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
      y[(oy + row) * W + ox + col] = Math.round(16 + (219 * (lum * a + 255 * (1 - a))) / 255);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = path.join(os.tmpdir(), `scan-camera-${process.pid}.y4m`);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]),
  );
  return file;
}

const video = await barcodeVideo();

test.use({
  viewport: { width: 820, height: 1180 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('the camera reads a Code 128 label into the check-in', async ({ page, portal, signedInAs }) => {
  const article = await portal.db
    .selectFrom('products')
    .select(['id', 'client_id', 'name'])
    .where('product_group_id', '!=', 3)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const asn = await portal.db
    .insertInto('asns')
    .values({ client_id: article.client_id, reference: 'E2E-CAMERA-1', stock_owner: 'Eindklant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db.insertInto('asn_products').values({ asn_id: asn.id, product_id: article.id, expected: 1 }).execute();

  await signedInAs('magazijn@demo.local');
  await page.goto(`/voormelding/${asn.id}`);
  await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
  const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
  await modal.getByRole('button', { name: 'Camera' }).click();
  await expect(modal.getByRole('button', { name: 'Camera uit' })).toBeVisible();
  await expect(modal.getByText(`${SERIAL} toegevoegd`)).toBeVisible({ timeout: 20_000 });
  await expect(
    modal.getByRole('list', { name: `Gescande serienummers ${article.name}` }).getByRole('listitem'),
  ).toHaveCount(1);
  await page.screenshot({ path: '.tmp/shots/prenotification-camera.png' });
  // The same label seen again is refused as a duplicate, not added twice.
  await expect(modal.getByText('Serienummer is al gescand.').first()).toBeVisible({ timeout: 10_000 });
  await modal.getByRole('button', { name: 'Camera uit' }).click();
  await modal.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('De voormelding is ingeklaard')).toBeVisible();
  const items = await portal.db.selectFrom('items').select('serial').where('asn_id', '=', asn.id).execute();
  expect(items.map((i) => i.serial)).toEqual([SERIAL]);
});
