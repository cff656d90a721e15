/**
 * Only Chrome, Edge and Safari are supported (spec 1 §1); other browsers get a warning on the login
 * page. The user-agent string decides first (it is what a browser says it is); the client-hint
 * brands catch Chromium-based browsers that copy Chrome's string (Opera, Brave, ...).
 */
const OTHER_BROWSERS =
  /Firefox\/|FxiOS|Seamonkey|OPR\/|Opera|OPiOS|SamsungBrowser|UCBrowser|YaBrowser|Vivaldi|DuckDuckGo|MSIE |Trident\//;
const OTHER_BRANDS = /Opera|Brave|Yandex|Vivaldi|Samsung|DuckDuckGo/i;

export function isSupportedBrowser(userAgent: string, brands: readonly string[] = []): boolean {
  if (OTHER_BROWSERS.test(userAgent) || brands.some((b) => OTHER_BRANDS.test(b))) return false;
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return true;
  if (/Chrome\/|CriOS\//.test(userAgent)) return true;
  // Safari says "Version/x ... Safari/y"; other WebKit browsers on iOS name themselves above.
  return /Safari\//.test(userAgent) && /Version\//.test(userAgent);
}

export function currentBrowserSupported(): boolean {
  if (typeof navigator === 'undefined') return true;
  const data = (navigator as Navigator & { userAgentData?: { brands?: { brand: string }[] } }).userAgentData;
  return isSupportedBrowser(navigator.userAgent, data?.brands?.map((b) => b.brand) ?? []);
}
