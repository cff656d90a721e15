import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheetRows } from './sheets';
import { XmlStream } from './xml-stream';

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Leeg blad eerst niet');
  fill(wb.worksheets[0]!);
  wb.addWorksheet('Tweede');
  wb.worksheets[1]!.addRow(['niet gelezen']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('readSheetRows', () => {
  it('reads the first sheet of an Excel file: shared and rich text, numbers, gaps, blank rows skipped', async () => {
    const data = await workbook((sheet) => {
      sheet.addRow(['Artikel', 'Serie & "nummer"', 'Aantal']);
      sheet.addRow([{ richText: [{ text: 'Vet ' }, { text: 'en gewoon' }] }, '  SN-1 <a> ', 12.5]);
      sheet.addRow([]);
      sheet.getCell('A5').value = 'ná een gat';
      sheet.getCell('C5').value = true;
    });
    expect(await readSheetRows('a.xlsx', data, 3, 'type')).toEqual([
      ['Artikel', 'Serie & "nummer"', 'Aantal'],
      ['Vet en gewoon', 'SN-1 <a>', '12.5'],
      ['ná een gat', '', 'true'],
    ]);
  });

  it('reads CSV with either delimiter, quotes, escaped quotes and CRLF, also across chunk boundaries', async () => {
    const filler = `${'z'.repeat(20_000)};w\r\n`.repeat(3);
    const head = `\uFEFFa;b\r\n${filler}"`;
    // The reader takes 64 KiB at a time: put the escaped quote "" right across that boundary.
    const long = 'x'.repeat(64 * 1024 - 1 - Buffer.byteLength(head));
    const csv = `${head}${long}""";"q;""r"""\r\n;\r\nc;d`;
    const rows = await readSheetRows('a.csv', Buffer.from(csv), 2, 'type');
    expect(rows).toHaveLength(6);
    expect(rows[4]).toEqual([`${long}"`, 'q;"r"']);
    expect(rows[5]).toEqual(['c', 'd']);
    expect(await readSheetRows('a.csv', Buffer.from('a,b\n"1,5",2\n'), 2, 'type')).toEqual([['a', 'b'], ['1,5', '2']]);
  });

  it('refuses a file whose content is not what its name says', async () => {
    await expect(readSheetRows('a.xlsx', Buffer.from('a;b\n'), 2, 'Alleen .csv of Excel')).rejects.toMatchObject({ statusCode: 422, errors: { file: ['Alleen .csv of Excel'] } });
    await expect(readSheetRows('a.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 2, 'Alleen .csv of Excel')).rejects.toMatchObject({ errors: { file: ['Alleen .csv of Excel'] } });
  });
});

describe('XmlStream', () => {
  it('gives the same events however the text is cut into chunks', () => {
    const xml = '<?xml version="1.0"?><!-- c --><x:a b="1 > 0" c=\'&amp;\'><t>A &lt;&#65;&#x42;&gt;</t><![CDATA[<raw>]]><e/></x:a>';
    const events = (chunks: string[]) => {
      const out: string[] = [];
      const stream = new XmlStream({
        open: (n, a) => out.push(`<${n} ${JSON.stringify(a)}`),
        close: (n) => out.push(`/${n}`),
        text: (t) => { if (out.at(-1)?.startsWith('#')) out[out.length - 1] += t; else out.push(`#${t}`); },
      });
      for (const c of chunks) stream.write(c);
      stream.end();
      return out;
    };
    const whole = events([xml]);
    expect(whole).toEqual(['<a {"b":"1 > 0","c":"&"}', '<t {}', '#A <AB>', '/t', '#<raw>', '<e {}', '/e', '/a']);
    for (let i = 1; i < xml.length; i++) expect(events([xml.slice(0, i), xml.slice(i)])).toEqual(whole);
  });

  it('refuses a document type declaration', () => {
    const stream = new XmlStream({ open() {}, close() {}, text() {} });
    expect(() => stream.write('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toThrow(/document type/);
  });
});
