import { extensionSessionSchema } from '@reachly/shared/extension';
import { profileLabel } from '../../src/background/profile-label.ts';
import { sendMessage } from '../../src/messaging.ts';

/**
 * The page a launcher (the desktop agent; in tests, the test) opens to hand this browser its
 * session: `setup.html?serverUrl=…&accessToken=…&profileId=…[&profileName=…][&networkUrl=…]`.
 */
async function connect() {
  const status = document.getElementById('status') as HTMLElement;
  const params = Object.fromEntries(new URLSearchParams(location.search));
  const parsed = extensionSessionSchema.safeParse(params);
  if (!parsed.success) {
    status.textContent = `Not connected: ${parsed.error.issues[0]?.message ?? 'missing session'}`;
    status.dataset.state = 'error';
    return;
  }
  await sendMessage('setup:session', parsed.data);
  // The token stays out of the history and the address bar.
  history.replaceState(null, '', location.pathname);
  status.textContent = `Connected to ${parsed.data.serverUrl} as ${profileLabel(parsed.data)}`;
  status.dataset.state = 'connected';
}

void connect();
