/**
 * @reachly/tests: tests that cross packages (end-to-end in real Chromium with the built extension,
 * the sandbox network, load, fault and security tests, benchmarks). Later issues fill it.
 */
/** The Chromium the browser tests launch. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
