/** The check-in dialog's state per article line (CheckInModal). */
export interface LineState {
  serials: string[];
  quantity: string;
  bulk: string;
  showBulk: boolean;
  /** Refusals to show under the line (local rules, stock look-up, server). */
  messages: string[];
  /** Server errors per serial index. */
  serialErrors: Record<number, string>;
}

export const emptyLine = (): LineState => ({
  serials: [],
  quantity: '',
  bulk: '',
  showBulk: false,
  messages: [],
  serialErrors: {},
});
/** A line's state; every line starts with one, a missing one reads as empty. */
export const lineIn = (all: Record<number, LineState>, id: number): LineState => all[id] ?? emptyLine();
/** What a line brings in: its serials, else its quantity. */
export const countOf = (s: LineState) => s.serials.length || Number(s.quantity) || 0;
