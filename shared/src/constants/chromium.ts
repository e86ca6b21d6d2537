/**
 * Flags every Chromium we launch carries: the desktop app's profile browsers and the tests' browsers.
 * No QUIC, no first-run screens, and none of the browser's own background traffic (component
 * updates, sync): a profile browser's every byte goes through the profile's metered proxy, and a
 * test browser must not reach outside the machine. `/dev/shm` is small in containers.
 */
export const CHROMIUM_BASE_FLAGS = [
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
] as const;
