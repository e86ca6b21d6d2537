import { extensionSessionSchema } from '@reachly/shared/extension';
import { browser } from 'wxt/browser';
import { createExecutorApi } from '../src/api-client.ts';
import { locatorsChanged } from '../src/background/locators.ts';
import { createLoop } from '../src/background/loop.ts';
import { createManualSurfingWatch } from '../src/background/manual-surfing.ts';
import { entryUrlFor } from '../src/background/network.ts';
import { drivenTabId, runStep } from '../src/background/tab-driver.ts';
import { connectWakeSocket, type WakeSocket } from '../src/background/wake-socket.ts';
import { answerBridge } from '../src/bridge/background.ts';
import { registerBridge } from '../src/bridge/register.ts';
import { onMessage } from '../src/messaging.ts';
import { sessionItem } from '../src/storage.ts';

const TICK_ALARM = 'reachly-tick';

export default defineBackground(() => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const manual = createManualSurfingWatch({
    drivenTabId,
    async networkOrigin() {
      const session = await sessionItem.getValue();
      return session?.networkUrl ? new URL(session.networkUrl).origin : null;
    },
    async report(path) {
      const session = await sessionItem.getValue();
      if (session) await createExecutorApi(session).events([{ kind: 'manualSurfing', path }]);
    },
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url) void manual.onTabUrl(tabId, change.url);
  });
  const loop = createLoop({
    manualHoldMs: manual.holdMs,
    runStep,
    entryUrl: entryUrlFor,
    schedule(ms) {
      clearTimeout(timer);
      timer = setTimeout(() => void loop.tick(), ms);
    },
  });

  // The server's pushes shorten the loop's waits (new work, changed settings, a lifted pause).
  let wakeSocket: WakeSocket | undefined;
  async function listenForWakes() {
    wakeSocket?.close();
    wakeSocket = undefined;
    const session = await sessionItem.getValue();
    if (!session) return;
    try {
      const organizationId = await createExecutorApi(session).organizationId();
      wakeSocket = connectWakeSocket(session, organizationId, (reason) => {
        // A new locator table: the next step fetches it before it reads a page.
        if (reason === 'locators-updated') locatorsChanged();
        void loop.wake(reason);
      });
    } catch {
      // Unreachable server: the loop's own looks go on; the next start or sign-in tries again.
    }
  }

  // Alarms wake a stopped service worker; the heartbeat keeps the loop going whatever happens.
  browser.alarms.create(TICK_ALARM, { periodInMinutes: 0.5 });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === TICK_ALARM) void loop.tick();
  });

  onMessage({
    'popup:get-state': () => loop.state(),
    'popup:set-paused': ({ paused }) => loop.setPaused(paused),
    'popup:sign-out': async () => {
      wakeSocket?.close();
      wakeSocket = undefined;
      return loop.signOut();
    },
    'setup:session': async (request) => {
      const session = extensionSessionSchema.parse(request);
      await loop.signIn(session);
      await registerBridge(session.serverUrl);
      void listenForWakes();
      return { ok: true };
    },
    'bridge:request': async (request) =>
      answerBridge(request, await sessionItem.getValue(), browser.runtime.getManifest().version),
  });

  void loop.tick();
  void listenForWakes();
});
