/**
 * Writes the import templates in public/excel from the import columns, so a template always matches
 * what the import reads. Run after changing those columns: `npx tsx server/db/tools/excel-templates.ts`.
 */
import path from 'node:path';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { addressImportColumns as addressColumns } from '../../modules/crm';
import { importColumns as stockColumns } from '@domain/schemas/stock';

async function writeTemplate(
  fileName: string,
  sheetName: string,
  columns: { header: string; key: string; width: number }[],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  const file = path.resolve('public/excel', fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await workbook.xlsx.writeFile(file);
  console.log(`written ${file}`);
}

await writeTemplate(
  'TemplateAdressenImport.xlsx',
  'Adressen',
  addressColumns.map((c) => ({
    header: c.header,
    key: c.field,
    width: c.field === 'street' || c.field === 'name' ? 28 : 14,
  })),
);
await writeTemplate(
  'Template.xlsx',
  'Voorraad',
  stockColumns.map((c) => ({ header: c.header, key: c.field, width: c.field === 'stock_owner' ? 20 : 18 })),
);
