import ExcelJS from 'exceljs';
import { memberText, zipEntries } from '../../server/lib/zip';

/** Reads a downloaded workbook back; exceljs' types predate Node's generic Buffer. */
export async function readWorkbook(body: unknown): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as ArrayBuffer);
  return workbook;
}

/** The text of one member of a downloaded .xlsx (a zip). */
async function memberXml(data: Buffer, name: string): Promise<string> {
  const entry = zipEntries(data).get(name);
  if (!entry) throw new Error(`no ${name} in the workbook`);
  let xml = '';
  for await (const part of memberText(data, entry, { remaining: 50_000_000 })) xml += part;
  return xml;
}

/**
 * The addresses ('B2', …) of the first sheet's cells whose format has quotePrefix="1" (Excel keeps such a cell text
 * when it is edited). exceljs does not read that attribute, so this reads styles.xml and the sheet's XML.
 */
export async function quotePrefixedCells(body: unknown): Promise<string[]> {
  const data = Buffer.from(body as Buffer);
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(await memberXml(data, 'xl/styles.xml'))?.[1] ?? '';
  const quoted = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map((xf) => /\bquotePrefix="(1|true)"/.test(xf[0]));
  const sheet = await memberXml(data, 'xl/worksheets/sheet1.xml');
  return [...sheet.matchAll(/<c\b[^>]*\br="([A-Z]+\d+)"[^>]*\bs="(\d+)"/g)]
    .filter((c) => quoted[Number(c[2])])
    .map((c) => c[1] ?? '');
}
