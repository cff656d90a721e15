/** One-off: writes public/excel/Template.xlsx (stock import) from the import columns. Run with `npx tsx server/modules/stock/make-template.ts`. */
import path from 'node:path';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { importColumns } from '../../../src/domain/schemas/stock';

const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Voorraad');
sheet.columns = importColumns.map((c) => ({ header: c.header, key: c.field, width: c.field === 'stock_owner' ? 20 : 18 }));
sheet.getRow(1).font = { bold: true };
const file = path.resolve('public/excel/Template.xlsx');
fs.mkdirSync(path.dirname(file), { recursive: true });
await workbook.xlsx.writeFile(file);
console.log(`written ${file}`);
