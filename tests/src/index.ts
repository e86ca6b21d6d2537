/**
 * @reachly/tests: tests that cross packages (end-to-end in real Chromium with the built extension,
 * the sandbox network, load, fault and security tests, benchmarks). Later issues fill it.
 */
/** Chromium flags these machines need (FACTS.md); every browser test launches with them. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
