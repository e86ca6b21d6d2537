import { afterAll, beforeAll } from 'vitest';
import { type E2EApp, startE2EApp } from './app.ts';
import { type E2EBrowser, launchBrowser } from './browser.ts';

/**
 * The usual file setup: one server (in-memory database) and one Chromium for the whole file,
 * started side by side before its tests and closed after them. `use` receives both once started:
 *
 *   let app: E2EApp;
 *   let chromium: E2EBrowser;
 *   useAppAndBrowser((a, c) => { app = a; chromium = c; });
 */
export function useAppAndBrowser(use: (app: E2EApp, chromium: E2EBrowser) => void): void {
  let app: E2EApp | undefined;
  let chromium: E2EBrowser | undefined;
  beforeAll(async () => {
    [app, chromium] = await Promise.all([startE2EApp(), launchBrowser()]);
    use(app, chromium);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });
}
