import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it('neutralises a formula, also behind a leading tab or carriage return', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+31 20')).toBe("'+31 20");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('quotes a cell with the separator, a quote or a line break, and leaves plain text alone', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('5" scherm')).toBe('"5"" scherm"');
    expect(csvCell('regel\nregel')).toBe('"regel\nregel"');
    expect(csvCell('Gewoon 12')).toBe('Gewoon 12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});
