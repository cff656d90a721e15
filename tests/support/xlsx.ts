import ExcelJS from 'exceljs';

/** Reads a downloaded workbook back; exceljs' types predate Node's generic Buffer. */
export async function readWorkbook(body: unknown): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as ArrayBuffer);
  return workbook;
}
