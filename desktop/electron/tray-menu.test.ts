import { describe, expect, it } from 'vitest';
import type { RunningProfile } from '../src/agent/api.ts';
import { profileLabel, trayMenuTemplate, trayTooltip } from './tray-menu.ts';

function profile(
  fields: Partial<RunningProfile> & Pick<RunningProfile, 'profileId' | 'name'>,
): RunningProfile {
  return { state: 'running', proxyPort: null, restarts: 0, error: null, ...fields };
}

const labels = (items: ReturnType<typeof trayMenuTemplate>) => items.map((i) => i.label ?? `(${i.type})`);

describe('the tray menu', () => {
  it('lists the profile browsers by name with their state, then Open and Quit', () => {
    const actions = { open: () => {}, quit: () => {} };
    const items = trayMenuTemplate(
      {
        signedIn: true,
        profiles: [
          profile({ profileId: 2, name: 'Sales EU', state: 'restarting', restarts: 2 }),
          profile({ profileId: 1, name: 'Ann', proxyPort: 41234 }),
          profile({
            profileId: 3,
            name: 'Bob',
            state: 'failed',
            error: 'Failed to launch the browser process!\nspawn ENOENT',
          }),
          profile({ profileId: 4, name: 'Carl', state: 'starting' }),
        ],
      },
      actions,
    );
    expect(labels(items)).toEqual([
      '4 profile browsers',
      'Ann: running',
      'Bob: failed: Failed to launch the browser process! spawn ENOENT',
      'Carl: starting…',
      'Sales EU: restarting (2 restarts)',
      '(separator)',
      'Open Reachly',
      'Quit Reachly',
    ]);
    expect(items.filter((i) => i.id?.startsWith('profile-')).every((i) => i.enabled === false)).toBe(true);
  });

  it('says when nothing runs and when the app is not signed in', () => {
    const items = trayMenuTemplate({ signedIn: false, profiles: [] }, { open: () => {}, quit: () => {} });
    expect(labels(items)).toEqual([
      'Not signed in: open Reachly and sign in',
      '(separator)',
      'No profile browser is open',
      '(separator)',
      'Open Reachly',
      'Quit Reachly',
    ]);
  });

  it('runs the actions from their items', () => {
    const done: string[] = [];
    const items = trayMenuTemplate(
      { signedIn: null, profiles: [profile({ profileId: 1, name: 'Ann' })] },
      { open: () => done.push('open'), quit: () => done.push('quit') },
    );
    for (const item of items) (item.click as (() => void) | undefined)?.();
    expect(done).toEqual(['open', 'quit']);
  });

  it('labels restarts, long errors and nameless profiles', () => {
    expect(profileLabel(profile({ profileId: 1, name: 'Ann', restarts: 1 }))).toBe(
      'Ann: running (1 restart)',
    );
    expect(profileLabel(profile({ profileId: 9, name: '', state: 'stopping' }))).toBe('Profile 9: stopping…');
    const long = profileLabel(profile({ profileId: 1, name: 'A', state: 'failed', error: 'x'.repeat(500) }));
    expect(long.length).toBeLessThan(100);
    expect(long.endsWith('…')).toBe(true);
    expect(profileLabel(profile({ profileId: 1, name: 'A', state: 'failed' }))).toBe('A: failed');
  });

  it('sums the running ones up in the tooltip', () => {
    expect(trayTooltip([])).toBe('Reachly: no profile browser is open');
    expect(trayTooltip([profile({ profileId: 1, name: 'A' })])).toBe('Reachly: 1 of 1 profile running');
    expect(
      trayTooltip([
        profile({ profileId: 1, name: 'A' }),
        profile({ profileId: 2, name: 'B', state: 'failed' }),
      ]),
    ).toBe('Reachly: 1 of 2 profiles running');
  });
});
