/** One-off: writes public/excel/TemplateAdressenImport.xlsx from the import columns. Run with `npx tsx server/modules/clients/make-template.ts`. */
import path from 'node:path';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { importColumns } from './addresses';

const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Adressen');
sheet.columns = importColumns.map((c) => ({ header: c.header, key: c.field, width: c.field === 'street' || c.field === 'name' ? 28 : 14 }));
sheet.getRow(1).font = { bold: true };
const file = path.resolve('public/excel/TemplateAdressenImport.xlsx');
fs.mkdirSync(path.dirname(file), { recursive: true });
await workbook.xlsx.writeFile(file);
console.log(`written ${file}`);
