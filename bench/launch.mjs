// How the bench finds and starts Chromium: the same binary and flags as the e2e tests
// (test/helpers/launch-options.ts, copied here because plain Node cannot import TypeScript).

/** Path to Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags this machine needs: no sandbox as root, no GPU, and no background network traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
