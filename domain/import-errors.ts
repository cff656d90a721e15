/**
 * The refused rows of an import as the user reads them: the server keys each message
 * `rows.<n>.<field>` (n the row's number in the spreadsheet: the headings are row 1, the first data row 2). One line
 * per message,
 * 'Rij 2: Serienummer bestaat al. (kolom Serienummer)', in row order.
 */
export function importRowErrors(
  fieldErrors: Record<string, string[]>,
  columns: readonly { field: string; header: string }[],
): string[] {
  const lines: { row: number; order: number; text: string }[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    if (!match || !messages[0]) continue;
    const row = Number(match[1]);
    const order = columns.findIndex((c) => c.field === match[2]);
    const header = columns[order]?.header;
    lines.push({ row, order, text: `Rij ${row}: ${messages[0]}${header ? ` (kolom ${header})` : ''}` });
  }
  return lines.sort((a, b) => a.row - b.row || a.order - b.order).map((l) => l.text);
}
