import { describe, expect, it } from 'vitest';
import { isSupportedBrowser } from './browser-support';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iosSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
};

describe('isSupportedBrowser', () => {
  it('accepts Chrome, Edge and Safari', () => {
    for (const ua of [UA.chrome, UA.edge, UA.safari, UA.iosSafari]) expect(isSupportedBrowser(ua)).toBe(true);
    expect(isSupportedBrowser(UA.chrome, ['Google Chrome', 'Chromium', 'Not?A_Brand'])).toBe(true);
  });
  it("warns for Firefox, Opera and browsers that copy Chrome's string", () => {
    for (const ua of [UA.firefox, UA.firefoxIos, UA.opera, '']) expect(isSupportedBrowser(ua)).toBe(false);
    expect(isSupportedBrowser(UA.chrome, ['Brave', 'Chromium', 'Not?A_Brand'])).toBe(false);
  });
});
