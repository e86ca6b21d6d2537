import { browser } from 'wxt/browser';

const BRIDGE_SCRIPT_ID = 'reachly-bridge';

/** Runs the bridge content script on the dashboard's pages (the server's origin) from now on. */
export async function registerBridge(serverUrl: string): Promise<void> {
  const origin = new URL(serverUrl).origin;
  const registered = await browser.scripting.getRegisteredContentScripts({ ids: [BRIDGE_SCRIPT_ID] });
  if (registered.length > 0) await browser.scripting.unregisterContentScripts({ ids: [BRIDGE_SCRIPT_ID] });
  await browser.scripting.registerContentScripts([
    {
      id: BRIDGE_SCRIPT_ID,
      matches: [`${origin}/*`],
      js: ['content-scripts/bridge.js'],
      runAt: 'document_start',
      persistAcrossSessions: true,
    },
  ]);
}
