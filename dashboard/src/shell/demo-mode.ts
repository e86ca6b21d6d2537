import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';

/** Demo mode is on while local storage holds isDemo = 'true' (spec §2). */
export function isDemoMode(): boolean {
  try {
    return globalThis.localStorage?.getItem(LOCAL_STORAGE_KEYS.isDemo) === 'true';
  } catch {
    return false;
  }
}

/** Switches demo mode by writing isDemo to local storage and reloading (spec §2). */
export function setDemoMode(on: boolean): void {
  if (on) localStorage.setItem(LOCAL_STORAGE_KEYS.isDemo, 'true');
  else localStorage.removeItem(LOCAL_STORAGE_KEYS.isDemo);
  window.location.reload();
}

declare global {
  interface Window {
    /** The global demo toggle registered at start-up (spec §2): `reachlyDemo(true)`. */
    reachlyDemo?: (on?: boolean) => boolean;
  }
}

/** Registers the global demo toggle: `window.reachlyDemo()` flips it, `reachlyDemo(true|false)` sets it. */
export function registerDemoToggle(): void {
  window.reachlyDemo = (on?: boolean) => {
    const next = on ?? !isDemoMode();
    setDemoMode(next);
    return next;
  };
}
