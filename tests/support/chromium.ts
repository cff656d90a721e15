import fs from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's headless shell (the build
 * Playwright itself runs headless; a fifth less CPU than the whole browser in headless mode, measured
 * on the same tests), else Debian's whole Chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return (
    ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ?? '/usr/bin/chromium'
  );
}
