/**
 * The system Chromium's flags for the web benches, the screenshots and the end-to-end tests: headless
 * as root, no GPU, and none of the background connections (updates, sync, field trials) that this
 * machine's closed network refuses and that would otherwise compete with the page for the CPU being
 * measured.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
