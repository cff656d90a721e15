import { describe, expect, it } from 'vitest';
import { cellTitle, clips } from './render-cell';
import type { Column } from './types';

interface Row {
  id: number;
  name: string;
  status: { name: string };
}
const row: Row = { id: 1, name: 'Zorggroep Noord-Holland', status: { name: 'Reparatie in behandeling' } };
const text: Column<Row> = { key: 'name', header: 'Eindklant' };

describe('a fitted column that gives way', () => {
  it('is a text, plain or rendered, that is not a key column nor the buttons', () => {
    expect(clips(text, false)).toBe(true);
    expect(clips({ ...text, render: () => 'x' }, false)).toBe(true);
    expect(clips({ ...text, whole: true }, false)).toBe(false);
    expect(clips(text, true)).toBe(false);
    for (const kind of ['date', 'dateTime', 'time', 'price', 'checkbox'] as const)
      expect(clips({ ...text, cell: { kind } }, false)).toBe(false);
    expect(clips({ ...text, cell: { kind: 'view', route: 'itemDetail' } }, false)).toBe(false);
  });
  it('keeps the whole text in the title: a plain text, or a rendered cell with a value', () => {
    expect(cellTitle(text, row)).toBe('Zorggroep Noord-Holland');
    expect(cellTitle({ ...text, key: 'status', render: () => 'x' }, row)).toBeUndefined();
    expect(cellTitle({ ...text, key: 'status', render: () => 'x', value: (r) => r.status.name }, row)).toBe(
      'Reparatie in behandeling',
    );
    expect(cellTitle({ ...text, cell: { kind: 'date' } }, row)).toBeUndefined();
  });
});
