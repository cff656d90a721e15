import { Readable } from 'node:stream';
import { CsvError, parse as parseCsv } from 'csv-parse';
import { MAX_IMPORT_ROWS, MAX_IMPORT_UNPACKED_MB, fileMsg } from '@domain/files';
import { ValidationError } from '../http/errors';
import { isZip } from './file-type';
import { XmlFormatError, XmlNodeTooLongError, XmlStream } from './xml-stream';
import { UnpackLimitError, ZipFormatError, memberText, zipEntries, type UnpackBudget } from './zip';

/**
 * Collects the non-empty rows of an import, `columnCount` text cells each, and refuses the file as
 * soon as it holds more rows than an import may (one heading line is allowed on top).
 */
class RowCollector {
  readonly rows: string[][] = [];
  /** Each kept row's number in the spreadsheet (the first row is 1), as the user's program shows it. */
  readonly lines: number[] = [];
  private last = 0;
  constructor(readonly columnCount: number) {}

  /** `line`: the row's number when the file names it (an .xlsx), else the one after the last. */
  add(cells: string[], line = this.last + 1): void {
    this.last = line;
    const row = Array.from({ length: this.columnCount }, (_, i) => (cells[i] ?? '').trim());
    if (!row.some((c) => c !== '')) return;
    if (this.rows.length >= MAX_IMPORT_ROWS + 1) throw ValidationError.field('file', fileMsg.tooManyRows);
    this.rows.push(row);
    this.lines.push(line);
  }
}

const CSV_CHUNK = 64 * 1024;
/** Excel's own limit for the text of one cell; a longer cell is not a spreadsheet someone typed. */
const MAX_CELL_CHARS = 32_767;
const cellTooLong = () => ValidationError.field('file', fileMsg.tooLarge);

/**
 * CSV as people export it: ';' or ',' (whichever the heading line uses more), quotes, CRLF, a BOM,
 * read by csv-parse as a stream (other requests get their turn between chunks) and stopped at the row
 * limit. A cell longer than Excel allows, or a quote that is never closed, refuses the file.
 */
async function readCsv(data: Buffer, rows: RowCollector, fileTypeMessage: string): Promise<void> {
  if (data.subarray(0, 8192).includes(0)) throw ValidationError.field('file', fileTypeMessage);
  const head = data
    .subarray(0, CSV_CHUNK)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parser = Readable.from(chunksOf(data, CSV_CHUNK)).pipe(
    parseCsv({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true, // a quote inside an unquoted cell (5" scherm) is text
      // Bounds what one row may hold in memory; the exact limit per cell is checked below.
      max_record_size: MAX_CELL_CHARS * rows.columnCount + rows.columnCount,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (record.some((cell) => cell.length > MAX_CELL_CHARS)) throw cellTooLong();
      rows.add(record);
    }
  } catch (err) {
    if (err instanceof CsvError)
      throw err.code === 'CSV_MAX_RECORD_SIZE' ? cellTooLong() : ValidationError.field('file', fileTypeMessage);
    throw err;
  } finally {
    parser.destroy();
  }
}

function* chunksOf(data: Buffer, size: number) {
  for (let offset = 0; offset < data.length; offset += size) yield data.subarray(offset, offset + size);
}

/** 'C12' -> 2 */
function columnIndex(ref: string | undefined): number | null {
  const letters = /^[A-Z]+/i.exec(ref ?? '')?.[0];
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

async function parseMember(
  texts: AsyncIterable<string>,
  handler: ConstructorParameters<typeof XmlStream>[0],
): Promise<void> {
  const xml = new XmlStream(handler);
  for await (const text of texts) xml.write(text);
  xml.end();
}

/** The first worksheet's path, as xl/workbook.xml and its relationships name it. */
async function firstSheetPath(data: Buffer, entries: ReturnType<typeof zipEntries>, budget: UnpackBudget) {
  let relId: string | null = null;
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) {
    await parseMember(memberText(data, workbook, budget), {
      open(name, attributes) {
        if (name === 'sheet' && relId == null)
          relId = Object.entries(attributes).find(([k]) => /^[^:]+:id$/.test(k))?.[1] ?? null;
      },
      close() {},
      text() {},
    });
  }
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    await parseMember(memberText(data, rels, budget), {
      open(name, a) {
        if (name !== 'Relationship' || !a.Target) return;
        const target = a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target}`;
        if (a.Id) targets.set(a.Id, target);
        if (a.Type?.endsWith('/sharedStrings')) sharedStrings = target;
      },
      close() {},
      text() {},
    });
  }
  const sheet = (relId && targets.get(relId)) || 'xl/worksheets/sheet1.xml';
  return { sheet, sharedStrings: sharedStrings ?? 'xl/sharedStrings.xml' };
}

async function readSharedStrings(
  data: Buffer,
  entries: ReturnType<typeof zipEntries>,
  path: string,
  budget: UnpackBudget,
): Promise<string[]> {
  const entry = entries.get(path);
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parseMember(memberText(data, entry, budget), {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0;
    },
    close(name) {
      if (name === 'si') strings.push(current);
      else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText) current += text;
      if (current.length > MAX_CELL_CHARS) throw cellTooLong();
    },
  });
  return strings;
}

/**
 * The first sheet of an .xlsx, streamed out of the zip and parsed as it inflates: parsing stops at
 * the row limit, and inflating stops at the unpacked-size budget, whatever the file claims.
 * Numbers come as Excel stores them (a date is its serial number; the imports have no date columns).
 */
async function readXlsx(data: Buffer, rows: RowCollector, fileTypeMessage: string): Promise<void> {
  if (!isZip(data)) throw ValidationError.field('file', fileTypeMessage);
  const budget: UnpackBudget = { remaining: MAX_IMPORT_UNPACKED_MB * 1024 * 1024 };
  try {
    const entries = zipEntries(data);
    const paths = await firstSheetPath(data, entries, budget);
    const sheet = entries.get(paths.sheet);
    if (!sheet) throw new ZipFormatError('no worksheet');
    const shared = await readSharedStrings(data, entries, paths.sharedStrings, budget);

    let cells: string[] = [];
    let line: number | undefined;
    let column = -1;
    let type = '';
    let value = '';
    let inline = '';
    let capture: 'v' | 't' | null = null;
    let phonetic = 0;
    await parseMember(memberText(data, sheet, budget), {
      open(name, a) {
        if (name === 'row') {
          cells = [];
          column = -1;
          const r = Number(a.r);
          line = Number.isInteger(r) && r > 0 ? r : undefined;
        } else if (name === 'c') {
          column = columnIndex(a.r) ?? column + 1;
          type = a.t ?? 'n';
          value = '';
          inline = '';
        } else if (name === 'v') capture = 'v';
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && phonetic === 0) capture = 't';
      },
      close(name) {
        if (name === 'v' || name === 't') capture = null;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c') {
          const text =
            type === 's'
              ? (shared[Number(value)] ?? '')
              : type === 'inlineStr'
                ? inline
                : type === 'b'
                  ? value === '1'
                    ? 'true'
                    : 'false'
                  : type === 'n' && value.trim() !== '' && Number.isFinite(Number(value))
                    ? String(Number(value))
                    : value;
          if (column >= 0 && column < 1000) cells[column] = text;
        } else if (name === 'row') rows.add(cells, line);
      },
      text(text) {
        if (capture === 'v') value += text;
        else if (capture === 't') inline += text;
        if (value.length + inline.length > MAX_CELL_CHARS) throw cellTooLong();
      },
    });
  } catch (err) {
    if (err instanceof UnpackLimitError || err instanceof XmlNodeTooLongError)
      throw ValidationError.field('file', fileMsg.tooLarge);
    if (err instanceof ZipFormatError || err instanceof XmlFormatError)
      throw ValidationError.field('file', fileTypeMessage);
    throw err;
  }
}

/**
 * The non-empty rows of an uploaded .csv or .xlsx (first sheet), the heading row included, as
 * `columnCount` text cells each. A file that is not what its name says is a 422 on 'file' with
 * `fileTypeMessage`; more than MAX_IMPORT_ROWS rows (plus one heading line) or an .xlsx that unpacks
 * to more than MAX_IMPORT_UNPACKED_MB is a 422 as soon as the reader gets there.
 */
export async function readSheetRows(
  fileName: string,
  data: Buffer,
  columnCount: number,
  fileTypeMessage: string,
): Promise<string[][]> {
  return (await readSheet(fileName, data, columnCount, fileTypeMessage)).rows;
}

/** The rows of readSheetRows and, for each, its row number in the spreadsheet (the heading row is 1). */
export interface Sheet {
  rows: string[][];
  lines: number[];
}

export async function readSheet(
  fileName: string,
  data: Buffer,
  columnCount: number,
  fileTypeMessage: string,
): Promise<Sheet> {
  const rows = new RowCollector(columnCount);
  if (fileName.toLowerCase().endsWith('.csv')) await readCsv(data, rows, fileTypeMessage);
  else await readXlsx(data, rows, fileTypeMessage);
  return { rows: rows.rows, lines: rows.lines };
}
