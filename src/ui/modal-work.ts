import { updateGuard } from '../shell/update-guard';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (el: EventTarget | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

const valueOf = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? String(field.checked)
    : field.value;

/**
 * Whether a dialog holds unsaved input, asked before a click beside it closes it. Two signs:
 * - its form reports unsaved work (`useApiForm`, `useUnsavedWork` of src/shell/update-guard) that
 *   was not there when the dialog opened: the form's own view, also of scanned serials or a signature;
 * - a field the user changed (an input event) holds another value than it had when the user entered
 *   it (focus); typed back to what it was, it no longer counts. A value set by loading data is no
 *   input. A search box (type=search) only finds; it never counts.
 */
export function createModalWork(unsavedAtOpen: string[]) {
  const before = new Set(unsavedAtOpen);
  const original = new Map<Field, string>();
  const edited = new Set<Field>();
  return {
    entered(target: EventTarget | null) {
      if (!isField(target) || target.type === 'search' || original.has(target)) return;
      original.set(target, valueOf(target));
    },
    edited(target: EventTarget | null) {
      if (isField(target) && original.has(target)) edited.add(target);
    },
    isDirty(): boolean {
      if (updateGuard.unsavedIds().some((id) => !before.has(id))) return true;
      return [...edited].some((field) => field.isConnected && valueOf(field) !== original.get(field));
    },
  };
}
