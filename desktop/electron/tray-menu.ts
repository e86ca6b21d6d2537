import { BRAND } from '@reachly/shared/constants';
import type { MenuItemConstructorOptions } from 'electron';
import type { RunningProfile } from '../src/agent/api.ts';

/**
 * The tray's menu and tooltip from the agent's profile browsers (pure; main builds the Menu from
 * it on every profiles-changed): each profile with its state, then Open and Quit.
 */

export interface TrayState {
  profiles: readonly RunningProfile[];
  /** From the agent's session-changed; null until it said. */
  signedIn: boolean | null;
}

export interface TrayActions {
  open: () => void;
  quit: () => void;
}

const ERROR_LENGTH = 80;

/** `Ann's profile: running`, `… restarting (2 restarts)`, `… failed: <error>`. */
export function profileLabel(profile: RunningProfile): string {
  const restarts = profile.restarts === 1 ? '1 restart' : `${profile.restarts} restarts`;
  const state: Record<RunningProfile['state'], string> = {
    starting: 'starting…',
    running: profile.restarts > 0 ? `running (${restarts})` : 'running',
    restarting: `restarting (${restarts})`,
    failed: profile.error ? `failed: ${shorten(profile.error)}` : 'failed',
    stopping: 'stopping…',
  };
  return `${profile.name || `Profile ${profile.profileId}`}: ${state[profile.state]}`;
}

export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  const profiles = [...state.profiles].sort(
    (a, b) => a.name.localeCompare(b.name) || a.profileId - b.profileId,
  );
  const items: MenuItemConstructorOptions[] = [];
  if (state.signedIn === false) {
    items.push({ label: `Not signed in: open ${BRAND} and sign in`, enabled: false }, { type: 'separator' });
  }
  items.push({ label: profilesHeading(profiles), enabled: false });
  for (const profile of profiles) {
    items.push({ id: `profile-${profile.profileId}`, label: profileLabel(profile), enabled: false });
  }
  items.push(
    { type: 'separator' },
    { label: `Open ${BRAND}`, click: () => actions.open() },
    { label: `Quit ${BRAND}`, click: () => actions.quit() },
  );
  return items;
}

/** `Reachly: 2 profiles running`. */
export function trayTooltip(profiles: readonly RunningProfile[]): string {
  const running = profiles.filter((p) => p.state === 'running').length;
  if (profiles.length === 0) return `${BRAND}: no profile browser is open`;
  return `${BRAND}: ${running} of ${profiles.length} ${profiles.length === 1 ? 'profile' : 'profiles'} running`;
}

function profilesHeading(profiles: readonly RunningProfile[]): string {
  if (profiles.length === 0) return 'No profile browser is open';
  return profiles.length === 1 ? '1 profile browser' : `${profiles.length} profile browsers`;
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > ERROR_LENGTH ? `${line.slice(0, ERROR_LENGTH - 1)}…` : line;
}
