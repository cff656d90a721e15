import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SOURCE_HASH = crypto
  .createHash('sha256')
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex')
  .slice(0, 12);

/** One member of a hand-built zip; `declaredSize` lets a test make the archive lie about its size. */
interface Member {
  name: string;
  packed: Buffer;
  size: number;
  declaredSize?: number;
}

function deflate(text: string): Buffer {
  return zlib.deflateRawSync(Buffer.from(text));
}

/** A zip archive of deflated members (CRC left 0: the reader under test never gets to the end). */
function zip(members: Member[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(m.packed.length, 18);
    local.writeUInt32LE(Math.min(m.declaredSize ?? m.size, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(m.packed.length, 20);
    central.writeUInt32LE(Math.min(m.declaredSize ?? m.size, 0xffffffff), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, m.packed);
    centrals.push(central, name);
    offset += 30 + name.length + m.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const skeleton = (): Member[] => {
  const text = (name: string, body: string) => ({ name, packed: deflate(body), size: Buffer.byteLength(body) });
  return [
    text(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    text(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Blad1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  ];
};

export interface BombOptions {
  /** Unpacked size of the sheet XML in MiB. */
  megabytes: number;
  /**
   * 'rows': millions of small rows; 'cell': one row whose single cell holds all the text;
   * 'blank': millions of rows with text only in a column the import does not read, so no row counts.
   */
  shape: 'rows' | 'cell' | 'blank';
  /** Let the central directory claim the sheet is tiny, so only counting while inflating can catch it. */
  lie?: boolean;
}

/**
 * An .xlsx decompression bomb: a small upload whose first sheet unpacks to `megabytes` MiB. Deflating
 * hundreds of MiB takes seconds of CPU, so each bomb is made once and kept in .tmp/bombs for the
 * test files and projects that use the same one (named after this file's text, so a change makes new ones).
 */
export async function xlsxBomb(options: BombOptions): Promise<Buffer> {
  const file = path.resolve(
    '.tmp/bombs',
    `${options.shape}-${options.megabytes}${options.lie ? '-lie' : ''}-${SOURCE_HASH}.xlsx`,
  );
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const bomb = await makeXlsxBomb(options);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.${process.pid}.part`;
  fs.writeFileSync(part, bomb);
  fs.renameSync(part, file);
  return bomb;
}

async function makeXlsxBomb({ megabytes, shape, lie = false }: BombOptions): Promise<Buffer> {
  const MiB = 1024 * 1024;
  const row = '<row><c t="inlineStr"><is><t>ABC-123</t></is></c><c t="inlineStr"><is><t>SN0001</t></is></c></row>';
  const open =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    (shape === 'cell' ? '<row><c t="inlineStr"><is><t>' : '');
  const close = (shape === 'cell' ? '</t></is></c></row>' : '') + '</sheetData></worksheet>';
  const unit =
    shape === 'rows'
      ? row
      : shape === 'blank'
        ? '<row><c r="AZ1" t="inlineStr"><is><t>overbodig</t></is></c></row>'
        : 'A'.repeat(row.length);
  const chunk = Buffer.from(unit.repeat(Math.floor(MiB / unit.length)));
  const size = open.length + chunk.length * megabytes + close.length;
  const sheetPacked = await deflateRepeated(open, chunk, megabytes, close);
  return zip([
    ...skeleton(),
    { name: 'xl/worksheets/sheet1.xml', packed: sheetPacked, size, declaredSize: lie ? 4096 : size },
  ]);
}

/** Deflates open + `repeat` copies of `chunk` + close without ever holding the unpacked text. */
async function deflateRepeated(open: string, chunk: Buffer, repeat: number, close: string): Promise<Buffer> {
  const deflater = zlib.createDeflateRaw({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  deflater.write(Buffer.from(open));
  for (let i = 0; i < repeat; i++) {
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end(Buffer.from(close));
  await done;
  return Buffer.concat(out);
}
