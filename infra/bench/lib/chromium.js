// Debian's Chromium, headless, with the flags this sandboxed machine needs: shared by the
// benches and the end-to-end tests (e2e/src/browser.ts).
const { chromium } = require('playwright-core');

/** Launches Chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

module.exports = { launchChromium };
