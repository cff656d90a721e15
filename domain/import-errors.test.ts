import { describe, expect, it } from 'vitest';
import { importRowErrors } from './import-errors';

const columns = [
  { field: 'article_number', header: 'Artikelnummer' },
  { field: 'serial', header: 'Serienummer' },
] as const;

describe('importRowErrors', () => {
  it('reads each row message as "Rij n: …" with its column, in row and column order', () => {
    expect(
      importRowErrors(
        {
          file: ['Rij 2: Onbekend artikelnummer.'],
          'rows.10.serial': ['Serienummer bestaat al.'],
          'rows.2.serial': ['Serienummer is verplicht.'],
          'rows.2.article_number': ['Onbekend artikelnummer.'],
        },
        columns,
      ),
    ).toEqual([
      'Rij 2: Onbekend artikelnummer. (kolom Artikelnummer)',
      'Rij 2: Serienummer is verplicht. (kolom Serienummer)',
      'Rij 10: Serienummer bestaat al. (kolom Serienummer)',
    ]);
  });

  it('keeps a message of a field it has no column for, without a column', () => {
    expect(importRowErrors({ 'rows.3.country': ['Onbekend land.'] }, columns)).toEqual(['Rij 3: Onbekend land.']);
  });

  it('gives nothing for an answer without row messages', () => {
    expect(importRowErrors({ file: ['Het bestand bevat geen regels.'] }, columns)).toEqual([]);
  });
});
