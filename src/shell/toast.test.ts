import { afterEach, describe, expect, it } from 'vitest';
import { currentToast, dismissToast, showToast, toastError } from './toast';

describe('toasts', () => {
  afterEach(() => {
    const t = currentToast();
    if (t) dismissToast(t.id);
  });

  it('keeps only the latest message', () => {
    showToast('Opgeslagen', 'De klant is aangemaakt');
    toastError('Er kan geen data geladen worden');
    expect(currentToast()).toMatchObject({ title: 'Foutmelding', text: 'Er kan geen data geladen worden', type: 'alert' });
  });

  it('closing an older message leaves the newer one', () => {
    showToast('Eerste', 'a', 'info');
    const first = currentToast()!.id;
    showToast('Tweede', 'b', 'warning');
    dismissToast(first);
    expect(currentToast()?.title).toBe('Tweede');
    dismissToast(currentToast()!.id);
    expect(currentToast()).toBeNull();
  });
});
