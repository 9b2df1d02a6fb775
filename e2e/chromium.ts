/**
 * Debian's Chromium as the browser tests and Lighthouse start it. This machine's network is closed:
 * without the background-networking flags Chromium keeps trying (and failing) to reach Google's
 * services at every start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
