// How Chromium is found and started, for the bench and (through test/helpers/launch-options.ts) the
// e2e tests: one place for the binary and the flags this machine needs. Plain JS so Node runs it as is.

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
