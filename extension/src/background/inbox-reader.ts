import type { AdapterStep, ExtensionSession } from '@reachly/shared/extension';
import type { ExecutorEvent } from '@reachly/shared/schemas';
import type { ExecutorApi } from '../api-client.ts';
import type { LoopStatus } from './loop-status.ts';
import type { StepRun } from './tab-driver.ts';

/** How the inbox reader drives the network's tab (the loop's own runStep and entryUrl). */
interface InboxDriver {
  runStep(entryUrl: string, step: AdapterStep): Promise<StepRun>;
  entryUrl(step: AdapterStep, base: URL): string;
}

/** Reads accepted requests and new messages and reports them (the server ignores what it knows). */
export async function readInbox(
  deps: InboxDriver,
  session: ExtensionSession,
  api: ExecutorApi,
  note: LoopStatus['note'],
): Promise<void> {
  if (!session.networkUrl) return;
  const base = new URL(session.networkUrl);
  const events: ExecutorEvent[] = [];
  const friends = await deps.runStep(deps.entryUrl({ kind: 'readFriends' }, base), { kind: 'readFriends' });
  if (friends.result.status === 'done') {
    for (const profileUrl of friends.result.accepted ?? [])
      events.push({ kind: 'friendAccepted', profileUrl });
    // People who asked this profile to be friends: a campaign that accepts them plans it.
    for (const { profileUrl, name } of friends.result.incoming ?? [])
      events.push({ kind: 'friendRequestReceived', profileUrl, ...(name ? { name } : {}) });
  }
  const inbox = await deps.runStep(deps.entryUrl({ kind: 'readInbox' }, base), { kind: 'readInbox' });
  if (inbox.result.status === 'done') {
    for (const threadUrl of inbox.result.threads ?? []) {
      const step: AdapterStep = { kind: 'readThread', threadUrl };
      const thread = await deps.runStep(deps.entryUrl(step, base), step);
      if (thread.result.status !== 'done') continue;
      for (const m of thread.result.messages ?? []) {
        events.push({ kind: 'message', profileUrl: m.profileUrl, text: m.text, sentAt: m.sentAt });
      }
    }
  }
  for (const run of [friends, inbox]) {
    if (run.result.status === 'restricted' || (run.inspection && !run.inspection.healthy)) {
      const message =
        run.result.status === 'restricted'
          ? run.result.message
          : `Health check failed: ${run.inspection?.healthMessage ?? 'unknown layout'}`;
      const signal = run.result.status === 'restricted' ? run.result.signal : 'DANGER';
      events.push({ kind: 'signal', signal, message });
      await note('error', `${signal}: ${message}`);
      break;
    }
  }
  for (let i = 0; i < events.length; i += 500) await api.events(events.slice(i, i + 500));
}
