import type { ExtensionState } from '@reachly/shared/extension';
import { ACTION_LABELS, waitReasonText } from '@reachly/shared/logic';
import { CAMPAIGN_ACTIONS } from '@reachly/shared/schemas';
import { useCallback, useEffect, useState } from 'react';
import { profileLabel } from '../background/profile-label.ts';
import { sendMessage } from '../messaging.ts';

const LOGIN_LABELS: Record<ExtensionState['loginState'], string> = {
  'logged-in': 'Logged in to the network',
  'logged-out': 'Not logged in to the network',
  unknown: 'Not checked yet',
};

const REFRESH_MS = 2_000;

/**
 * The popup: this browser's profile and log-in state, the running campaign, today's counts
 * against the caps, the current task, the last errors and notices, and pause/resume.
 */
export function Popup() {
  const [state, setState] = useState<ExtensionState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      setState(await sendMessage('popup:get-state', undefined));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  if (error) return <main role="alert">Reachly is not responding: {error}</main>;
  if (!state) return <main aria-busy="true">Loading…</main>;
  if (!state.session) {
    return (
      <main>
        <h1>Reachly</h1>
        <p data-testid="popup-signed-out">
          This browser is not connected. Start it from the Reachly desktop app.
        </p>
      </main>
    );
  }
  const counted = CAMPAIGN_ACTIONS.filter((a) => (state.today[a] ?? 0) > 0 || state.campaign?.caps[a]);
  return (
    <main>
      <h1>Reachly</h1>
      <dl>
        <dt>Profile</dt>
        <dd data-testid="popup-profile">{profileLabel(state.session)}</dd>
        <dt>Network</dt>
        <dd data-testid="popup-login">{LOGIN_LABELS[state.loginState]}</dd>
        <dt>Campaign</dt>
        <dd data-testid="popup-campaign">{state.campaign?.name ?? 'None yet'}</dd>
        <dt>Now</dt>
        <dd data-testid="popup-current">
          {state.paused ? (
            <span className="paused">Paused</span>
          ) : state.pausedUntil ? (
            <span className="paused">
              Paused by the network until {new Date(state.pausedUntil).toLocaleString()}
            </span>
          ) : (
            (state.currentTask?.label ??
            (state.waiting
              ? `Waiting: ${waitReasonText(state.waiting.reason)}, until ${new Date(state.waiting.until).toLocaleTimeString()}`
              : 'Idle'))
          )}
        </dd>
      </dl>
      <h2>Today</h2>
      <table data-testid="popup-today">
        <tbody>
          {counted.map((action) => (
            <tr key={action}>
              <th scope="row">{ACTION_LABELS[action]}</th>
              <td>
                {state.today[action] ?? 0}
                {state.campaign ? ` / ${state.campaign.caps[action]}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Last events</h2>
      <ul data-testid="popup-events">
        {state.lastEvents.length === 0 ? <li>Nothing yet</li> : null}
        {state.lastEvents.map((e) => (
          <li key={`${e.at}-${e.message}`} data-level={e.level}>
            {new Date(e.at).toLocaleTimeString()} {e.message}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button
          type="button"
          data-testid="popup-pause"
          onClick={async () => setState(await sendMessage('popup:set-paused', { paused: !state.paused }))}
        >
          {state.paused ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={async () => setState(await sendMessage('popup:sign-out', undefined))}
        >
          Sign out
        </button>
      </div>
    </main>
  );
}
