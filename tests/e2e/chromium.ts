/** Where Chromium is (never a downloaded one: the system's, or CHROMIUM_PATH) and how the browser tests start it. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // V8 stops at its mid-tier compiler (Maglev): a test's page lives seconds, too short to pay back
  // TurboFan's compiling, and the browser is most of the suite's CPU. Measured on the layout walk:
  // the pages' processes took 13% less CPU (49 s against 57 s); with no optimising tier at all, 55 s.
  '--js-flags=--max-opt=1',
];
