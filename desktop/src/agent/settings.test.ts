import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentHome, profileUserDataDir, settingsFile } from './paths.ts';
import { openSettings } from './settings.ts';

const homes: string[] = [];
function tempHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'reachly-agent-settings-'));
  homes.push(home);
  return home;
}
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe('agent home', () => {
  it('is the platform’s app-data folder, unless REACHLY_AGENT_HOME says otherwise', () => {
    expect(
      agentHome({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' },
        homedir: 'C:\\Users\\a',
      }),
    ).toBe('C:\\Users\\a\\AppData\\Roaming\\Reachly');
    expect(agentHome({ platform: 'darwin', env: {}, homedir: '/Users/a' })).toBe(
      '/Users/a/Library/Application Support/Reachly',
    );
    expect(agentHome({ platform: 'linux', env: {}, homedir: '/home/a' })).toBe('/home/a/.config/reachly');
    expect(agentHome({ platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' }, homedir: '/home/a' })).toBe(
      '/xdg/reachly',
    );
    expect(
      agentHome({ platform: 'linux', env: { REACHLY_AGENT_HOME: '/tmp/agent' }, homedir: '/home/a' }),
    ).toBe('/tmp/agent');
    expect(profileUserDataDir('/tmp/agent', 12)).toBe('/tmp/agent/profiles/12/user-data');
  });
});

describe('settings', () => {
  it('creates a machine id once and keeps it across openings', async () => {
    const home = tempHome();
    const first = await openSettings(home);
    const machineId = first.get().machineId;
    expect(machineId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.get()).toEqual({ serverUrl: null, accessToken: null, machineId });

    await first.update({ serverUrl: 'http://localhost:3000', accessToken: 'token-a' });
    const second = await openSettings(home);
    expect(second.get()).toEqual({ serverUrl: 'http://localhost:3000', accessToken: 'token-a', machineId });

    // Another installation gets another id.
    expect((await openSettings(tempHome())).get().machineId).not.toBe(machineId);
  });

  it('writes atomically, readable by the user only, the last change winning', async () => {
    const home = tempHome();
    const settings = await openSettings(home);
    await Promise.all([
      settings.update({ accessToken: 'one' }),
      settings.update({ accessToken: 'two' }),
      settings.update({ serverUrl: 'http://s' }),
    ]);
    const file = settingsFile(home);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      accessToken: 'two',
      serverUrl: 'http://s',
    });
    expect(readdirSync(home)).toEqual(['settings.json']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('starts over from an unreadable file', async () => {
    const home = tempHome();
    writeFileSync(settingsFile(home), '{not json');
    const settings = await openSettings(home);
    expect(settings.get().machineId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(readFileSync(settingsFile(home), 'utf8')).machineId).toBe(settings.get().machineId);
  });
});
