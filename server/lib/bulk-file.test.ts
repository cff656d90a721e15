import { describe, expect, it } from 'vitest';
import { isAcceptableUpload } from '@domain/schemas/deliveries';
import { BULK_FILE_ACCEPT } from '@domain/files';
import { isAcceptableBulkFile } from './bulk-file';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0)]);
const XLSX = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
const XLS = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
const CSV = Buffer.from('artikel;aantal\r\nLaptop;5\r\n');

describe('the bulk call-off file (issue 22 point 5)', () => {
  it('refuses by name what is not on the list, also names that end in a dot or a space', () => {
    for (const name of [
      'a.exe.',
      'a.exe',
      'a.pdf.',
      'a.pdf ',
      'opdracht.hta',
      'snelkoppeling.lnk',
      'a.js',
      'a.html',
      'a.svg',
      'geen-extensie',
      'a.exe.pdf.',
    ])
      expect(isAcceptableUpload(name), name).toBe(false);
    for (const name of [
      'order.pdf',
      'Aantallen.XLSX',
      'lijst.csv',
      'brief.docx',
      'oud.xls',
      'foto.jpeg',
      'scan.png',
      'notities.txt',
    ])
      expect(isAcceptableUpload(name), name).toBe(true);
    expect(BULK_FILE_ACCEPT).toContain('.pdf');
  });

  it('refuses a file whose bytes are not of the type its name claims', () => {
    expect(isAcceptableBulkFile({ name: 'order.pdf', data: PDF })).toBe(true);
    expect(isAcceptableBulkFile({ name: 'order.pdf', data: EXE })).toBe(false);
    expect(isAcceptableBulkFile({ name: 'aantallen.xlsx', data: XLSX })).toBe(true);
    expect(isAcceptableBulkFile({ name: 'aantallen.xlsx', data: PDF })).toBe(false);
    expect(isAcceptableBulkFile({ name: 'oud.xls', data: XLS })).toBe(true);
    expect(isAcceptableBulkFile({ name: 'lijst.csv', data: CSV })).toBe(true);
    expect(isAcceptableBulkFile({ name: 'lijst.csv', data: EXE })).toBe(false);
    expect(isAcceptableBulkFile({ name: 'a.exe.', data: PDF })).toBe(false);
  });
});
