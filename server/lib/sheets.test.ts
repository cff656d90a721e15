import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readSheet, readSheetRows } from './sheets';
import { XmlFormatError, XmlNodeTooLongError, XmlStream } from './xml-stream';
import { fileMsg } from '@domain/files';

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

  it('numbers each row as the spreadsheet does (the headings are row 1), blank rows counted, in Excel and CSV', async () => {
    const data = await workbook((sheet) => {
      sheet.addRow(['Artikel', 'Serie']);
      sheet.addRow(['A', '1']);
      sheet.getCell('A5').value = 'na twee lege rijen';
    });
    expect(await readSheet('a.xlsx', data, 2, 'type')).toEqual({
      rows: [
        ['Artikel', 'Serie'],
        ['A', '1'],
        ['na twee lege rijen', ''],
      ],
      lines: [1, 2, 5],
    });
    const csv = await readSheet(
      'a.csv',
      Buffer.from('a;b\r\n1;2\r\n\r\n;\r\n"twee\r\nregels";3\r\n4;5\r\n'),
      2,
      'type',
    );
    expect(csv.lines).toEqual([1, 2, 5, 6]);
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
    expect(await readSheetRows('a.csv', Buffer.from('a,b\n"1,5",2\n'), 2, 'type')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });

  it('refuses a CSV cell longer than Excel allows, wherever it falls, with the Dutch message', async () => {
    const tooLarge = { statusCode: 422, errors: { file: [fileMsg.tooLarge] } };
    await expect(
      readSheetRows('a.csv', Buffer.from(`a;b\r\n${'x'.repeat(40_000)};1\r\n`), 2, 'type'),
    ).rejects.toMatchObject(tooLarge);
    await expect(
      readSheetRows('a.csv', Buffer.from(`a;b\r\n1;"${'x'.repeat(40_000)}"\r\nc;d\r\n`), 2, 'type'),
    ).rejects.toMatchObject(tooLarge);
    await expect(
      readSheetRows('a.csv', Buffer.from(`a;b\r\n1;${'x'.repeat(10_000_000)}`), 2, 'type'),
    ).rejects.toMatchObject(tooLarge);
    expect(
      (await readSheetRows('a.csv', Buffer.from(`a;b\r\n${'x'.repeat(32_767)};1\r\n`), 2, 'type'))[1]![0],
    ).toHaveLength(32_767);
  });

  it('refuses a CSV whose quote is never closed', async () => {
    await expect(
      readSheetRows('a.csv', Buffer.from('a;b\r\n1;"open\r\n2;3\r\n'), 2, 'Alleen .csv of Excel'),
    ).rejects.toMatchObject({ statusCode: 422, errors: { file: ['Alleen .csv of Excel'] } });
    await expect(
      readSheetRows('a.csv', Buffer.from('a;b\r\n1;"open'), 2, 'Alleen .csv of Excel'),
    ).rejects.toMatchObject({ errors: { file: ['Alleen .csv of Excel'] } });
    expect(await readSheetRows('a.csv', Buffer.from('a;b\r\n27" scherm;2\r\n'), 2, 'type')).toEqual([
      ['a', 'b'],
      ['27" scherm', '2'],
    ]);
  });

  it('refuses malformed XML inside an .xlsx and one with a document type', async () => {
    const good = await workbook((sheet) => {
      sheet.addRow(['a', 'b']);
    });
    const withSheet = async (edit: (xml: string) => string) => {
      const zip = await JSZip.loadAsync(good);
      const path = 'xl/worksheets/sheet1.xml';
      zip.file(path, edit(await zip.file(path)!.async('string')));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    expect(await readSheetRows('a.xlsx', await withSheet((x) => x), 2, 'type')).toEqual([['a', 'b']]);
    const refused = { statusCode: 422, errors: { file: ['Alleen .csv of Excel'] } };
    await expect(
      readSheetRows('a.xlsx', await withSheet((x) => x.replace('</sheetData>', '')), 2, 'Alleen .csv of Excel'),
    ).rejects.toMatchObject(refused);
    await expect(
      readSheetRows(
        'a.xlsx',
        await withSheet((x) => x.replace('<sheetData>', '<sheetData><row r="9" r="9">')),
        2,
        'Alleen .csv of Excel',
      ),
    ).rejects.toMatchObject(refused);
    await expect(
      readSheetRows(
        'a.xlsx',
        await withSheet((x) => x.replace(/<worksheet/, '<!DOCTYPE worksheet><worksheet')),
        2,
        'Alleen .csv of Excel',
      ),
    ).rejects.toMatchObject(refused);
  });

  it('refuses an .xlsx whose one cell text never ends as too large, not as a broken file', async () => {
    const good = await workbook((sheet) => {
      sheet.addRow(['a', 'b']);
    });
    const zip = await JSZip.loadAsync(good);
    const path = 'xl/worksheets/sheet1.xml';
    const xml = (await zip.file(path)?.async('string')) ?? '';
    zip.file(
      path,
      xml.replace(
        '<sheetData>',
        `<sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(3 * 1024 * 1024)}</t></is></c></row>`,
      ),
    );
    const endless = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    await expect(readSheetRows('a.xlsx', endless, 2, 'Alleen .csv of Excel')).rejects.toMatchObject({
      statusCode: 422,
      errors: { file: [fileMsg.tooLarge] },
    });
  });

  it('refuses a file whose content is not what its name says', async () => {
    await expect(readSheetRows('a.xlsx', Buffer.from('a;b\n'), 2, 'Alleen .csv of Excel')).rejects.toMatchObject({
      statusCode: 422,
      errors: { file: ['Alleen .csv of Excel'] },
    });
    await expect(
      readSheetRows('a.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 2, 'Alleen .csv of Excel'),
    ).rejects.toMatchObject({ errors: { file: ['Alleen .csv of Excel'] } });
  });
});

describe('XmlStream', () => {
  it('gives the same events however the text is cut into chunks', () => {
    const xml =
      '<?xml version="1.0"?><!-- c --><x:a b="1 > 0" c=\'&amp;\'><t>A &lt;&#65;&#x42;&gt;</t><![CDATA[<raw>]]><e/></x:a>';
    const events = (chunks: string[]) => {
      const out: string[] = [];
      const stream = new XmlStream({
        open: (n, a) => out.push(`<${n} ${JSON.stringify(a)}`),
        close: (n) => out.push(`/${n}`),
        text: (t) => {
          if (out.at(-1)?.startsWith('#')) out[out.length - 1] += t;
          else out.push(`#${t}`);
        },
      });
      for (const c of chunks) stream.write(c);
      stream.end();
      return out;
    };
    const whole = events([xml]);
    expect(whole).toEqual(['<a {"b":"1 > 0","c":"&"}', '<t {}', '#A <AB>', '/t', '#<raw>', '<e {}', '/e', '/a']);
    for (let i = 1; i < xml.length; i++) expect(events([xml.slice(0, i), xml.slice(i)])).toEqual(whole);
  });

  it('refuses a text node that never ends once it passes the bound, however it is chunked', () => {
    const texts: string[] = [];
    const stream = new XmlStream({ open() {}, close() {}, text: (t) => texts.push(t) }, 1000);
    stream.write('<a>');
    const chunk = 'x'.repeat(100);
    let written = 0;
    expect(() => {
      for (;;) {
        stream.write(chunk);
        written += chunk.length;
      }
    }).toThrow(XmlNodeTooLongError);
    expect(written).toBeLessThanOrEqual(1000);
    expect(texts).toEqual([]);
    // Many short nodes of the same total are fine: each event resets the bound.
    const fine = new XmlStream({ open() {}, close() {}, text() {} }, 1000);
    fine.write('<r>');
    for (let i = 0; i < 100; i++) fine.write('<c>' + 'y'.repeat(50) + '</c>');
    fine.write('</r>');
    fine.end();
  });

  it('refuses XML that is not well-formed: crossed or unclosed elements, a bare &, text after the end', () => {
    const parse = (xml: string) => () => {
      const stream = new XmlStream({ open() {}, close() {}, text() {} });
      stream.write(xml);
      stream.end();
    };
    expect(parse('<a><b></a></b>')).toThrow(XmlFormatError);
    expect(parse('<a><b>')).toThrow(XmlFormatError);
    expect(parse('<a>x & y</a>')).toThrow(XmlFormatError);
    expect(parse('<a b=1/>')).toThrow(XmlFormatError);
    expect(parse('<a/><b/>')).toThrow(XmlFormatError);
    expect(parse('<a b="1"/>')).not.toThrow();
  });

  it('refuses a document type declaration', () => {
    const stream = new XmlStream({ open() {}, close() {}, text() {} });
    expect(() => stream.write('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toThrow(/document type/);
  });
});
