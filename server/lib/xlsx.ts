import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { stream as excelStream, Style, ValueType } from 'exceljs';
import { fileStamp, wallClockForSpreadsheet } from '@domain/dates';
import { contentDisposition } from './file-type';
import { FORMULA_START } from './csv-cell';

/** One column of an export: its heading and how a row fills it. */
export interface XlsxColumn<T> {
  key: string;
  label: string;
  width?: number;
  value: (row: T) => string | number | Date | null | undefined;
}

/** '<name>-YYYYMMDD-HHmmss.xlsx' */
export function timestampedName(name: string, ext = 'xlsx', now = new Date()): string {
  const stamp = fileStamp(now);
  return `${name}-${stamp.date}-${stamp.time}.${ext}`;
}

/**
 * Writes rows as a one-sheet .xlsx into a stream that the reply sends while it is produced. Rows may
 * come as they are read (an async iterable); the writer waits while the reply has not taken what it has.
 */
export function workbookStream<T>(
  sheetName: string,
  columns: XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): PassThrough {
  const stream = new PassThrough();
  (async () => {
    // exceljs loads with the first export, not with the server (start-up time and idle memory, issue 13).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const quoted = quotedTextStyle(workbook, ExcelJS.ValueType.String);
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: c.width ?? Math.max(12, c.label.length + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const r of rows) {
      if (stream.destroyed) return; // the download was broken off
      const row = sheet.addRow(columns.map((c) => spreadsheetValue(c.value(r))));
      row.eachCell((cell) => {
        if (typeof cell.value === 'string' && FORMULA_START.test(cell.value)) cell.style = quoted;
      });
      row.commit();
      if (stream.writableNeedDrain) await drainedOrClosed(stream);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => stream.destroy(err));
  return stream;
}

/** The part of exceljs' streaming writer that collects the cell formats (<xf> in styles.xml); untyped in exceljs. */
interface StyleRegistry {
  addStyleModel(model: Partial<Style>, cellType: ValueType): number;
  model: { styles: string[] };
}

/**
 * A text cell with a quote prefix (OWASP "CSV injection"): Excel shows '=…' as text, and keeps it text when the cell
 * is edited. exceljs cannot write quotePrefix, so the format is registered first and its <xf> given the attribute;
 * every
 * cell that is handed this same object gets that format (exceljs keys formats by the style object).
 */
function quotedTextStyle(workbook: excelStream.xlsx.WorkbookWriter, textType: ValueType): Partial<Style> {
  const style: Partial<Style> = { numFmt: '@' };
  const styles = (workbook as unknown as { styles: StyleRegistry }).styles;
  const id = styles.addStyleModel(style, textType);
  styles.model.styles[id] = styles.model.styles[id]!.replace(/\s*\/?>$/, (end) => ` quotePrefix="1"${end.trim()}`);
  return style;
}

/** A spreadsheet has no time zones: a moment is written as the Amsterdam clock showed it. */
function spreadsheetValue(value: string | number | Date | null | undefined) {
  return value instanceof Date ? wallClockForSpreadsheet(value) : (value ?? null);
}

/** Waits until the reply has taken the buffered part, or has gone; no listener stays behind. */
async function drainedOrClosed(stream: PassThrough): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: done.signal }),
      once(stream, 'close', { signal: done.signal }),
    ]);
  } finally {
    done.abort();
  }
}

/** Sends a workbook stream as a download. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: NodeJS.ReadableStream): FastifyReply {
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', contentDisposition('attachment', fileName))
    .send(stream);
}
