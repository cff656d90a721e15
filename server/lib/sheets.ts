import ExcelJS from 'exceljs';
import { ValidationError } from '../http/errors';

/** CSV as people export it: ';' or ',' (whichever the heading line uses more), quotes, CRLF. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) { row.push(cell); cell = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows.map((r) => r.map((c) => c.trim()));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return String(value.result ?? '').trim();
  }
  return String(value).trim();
}

/**
 * The rows of an uploaded .csv or .xlsx (first sheet), the heading row included, as text cells.
 * A file that is not a readable workbook is a 422 on the field 'file' with `fileTypeMessage`.
 */
export async function readSheetRows(fileName: string, data: Buffer, columnCount: number, fileTypeMessage: string): Promise<string[][]> {
  if (fileName.toLowerCase().endsWith('.csv')) return parseCsv(data.toString('utf8').replace(/^\uFEFF/, ''));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw ValidationError.field('file', fileTypeMessage);
  }
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (r) => {
    rows.push(Array.from({ length: columnCount }, (_, i) => cellText(r.getCell(i + 1).value)));
  });
  return rows;
}
