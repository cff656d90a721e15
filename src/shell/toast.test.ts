import { afterEach, assert, describe, expect, it } from 'vitest';
import { currentToast, dismissToast, showToast, toastError } from './toast';

describe('toasts', () => {
  afterEach(() => {
    const t = currentToast();
    if (t) dismissToast(t.id);
  });

  it('keeps only the latest message', () => {
    showToast('Opgeslagen', 'De klant is aangemaakt');
    toastError('Er kan geen data geladen worden');
    expect(currentToast()).toMatchObject({
      title: 'Foutmelding',
      text: 'Er kan geen data geladen worden',
      type: 'alert',
    });
  });

  it('closing an older message leaves the newer one', () => {
    showToast('Eerste', 'a', 'info');
    const first = currentToast();
    assert.exists(first);
    showToast('Tweede', 'b', 'warning');
    dismissToast(first.id);
    expect(currentToast()?.title).toBe('Tweede');
    const second = currentToast();
    assert.exists(second);
    dismissToast(second.id);
    expect(currentToast()).toBeNull();
  });
});
