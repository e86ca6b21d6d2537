import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findChromium } from './chromium-path.ts';
import {
  readShellSettings,
  resolveServerUrl,
  SETTINGS_FILE,
  ShellConfigError,
  shellPaths,
} from './shell-config.ts';
import { unreachablePageUrl } from './unreachable-page.ts';

describe('the server address', () => {
  const none = { argv: [], env: {}, settings: {} };

  it('is http://localhost:3000 unless something says otherwise', () => {
    expect(resolveServerUrl(none)).toEqual({ serverUrl: 'http://localhost:3000', source: 'default' });
  });

  it('comes from --server-url, then REACHLY_SERVER_URL, then the settings file', () => {
    const argv = ['/opt/Reachly/reachly', '--server-url=https://a.example/'];
    const env = { REACHLY_SERVER_URL: 'https://b.example' };
    const settings = { serverUrl: 'https://c.example' };
    expect(resolveServerUrl({ argv, env, settings })).toEqual({
      serverUrl: 'https://a.example',
      source: 'argument',
    });
    expect(resolveServerUrl({ argv: [], env, settings })).toEqual({
      serverUrl: 'https://b.example',
      source: 'environment',
    });
    expect(resolveServerUrl({ argv: [], env: { REACHLY_SERVER_URL: '' }, settings })).toEqual({
      serverUrl: 'https://c.example',
      source: 'settings',
    });
  });

  it('drops a trailing slash, query and fragment but keeps a path prefix', () => {
    expect(
      resolveServerUrl({ ...none, env: { REACHLY_SERVER_URL: 'http://10.0.0.5:8080/reachly/?x=1#y' } })
        .serverUrl,
    ).toBe('http://10.0.0.5:8080/reachly');
  });

  it('refuses what is not an http(s) address, naming where it came from', () => {
    expect(() => resolveServerUrl({ ...none, env: { REACHLY_SERVER_URL: 'localhost:3000' } })).toThrow(
      /^REACHLY_SERVER_URL must be an http\(s\) address such as http:\/\/localhost:3000, got "localhost:3000"$/,
    );
    expect(() => resolveServerUrl({ ...none, settings: { serverUrl: 42 } })).toThrow(
      /^serverUrl in shell-settings.json must be an http\(s\) address/,
    );
    expect(() => resolveServerUrl({ ...none, argv: ['--server-url=file:///etc'] })).toThrow(ShellConfigError);
  });
});

describe('the settings file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'reachly-shell-settings-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is optional, read as JSON, and refused clearly when it is not an object', async () => {
    expect(readShellSettings(dir)).toEqual({});
    await writeFile(path.join(dir, SETTINGS_FILE), '{"serverUrl": "https://reachly.example"}');
    expect(readShellSettings(dir)).toEqual({ serverUrl: 'https://reachly.example' });
    for (const bad of ['{oops', '[]', '"x"']) {
      await writeFile(path.join(dir, SETTINGS_FILE), bad);
      expect(() => readShellSettings(dir)).toThrow(
        `${path.join(dir, SETTINGS_FILE)} must hold a JSON object`,
      );
    }
  });
});

describe('where the extension and the icon are', () => {
  it('is the resources folder when packaged, the builds of the checkout otherwise', () => {
    expect(
      shellPaths({ isPackaged: true, resourcesPath: '/opt/Reachly/resources', appPath: '/x/app.asar' }),
    ).toEqual({
      extensionDir: '/opt/Reachly/resources/extension',
      trayIcon: '/opt/Reachly/resources/icon.png',
    });
    expect(shellPaths({ isPackaged: false, resourcesPath: '/unused', appPath: '/repo/desktop' })).toEqual({
      extensionDir: '/repo/extension/.output/chrome-mv3',
      trayIcon: '/repo/desktop/electron/resources/icon.png',
    });
  });
});

describe('the browser profiles run in', () => {
  const present =
    (...files: string[]) =>
    (file: string) =>
      files.includes(file);

  it('is CHROMIUM_PATH when set', () => {
    expect(
      findChromium({
        platform: 'linux',
        env: { CHROMIUM_PATH: '/opt/c/chrome' },
        homedir: '/h',
        exists: present(),
      }),
    ).toBe('/opt/c/chrome');
  });

  it('is the first installed Chromium, Chrome or Edge of the platform', () => {
    expect(
      findChromium({
        platform: 'linux',
        env: {},
        homedir: '/h',
        exists: present('/usr/bin/google-chrome', '/snap/bin/chromium'),
      }),
    ).toBe('/snap/bin/chromium');
    expect(
      findChromium({
        platform: 'darwin',
        env: {},
        homedir: '/Users/ann',
        exists: present('/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
      }),
    ).toBe('/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(
      findChromium({
        platform: 'win32',
        env: { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' },
        homedir: 'C:\\Users\\ann',
        exists: present(
          'C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe',
          'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
        ),
      }),
    ).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
  });

  it('is none when nothing is installed', () => {
    expect(
      findChromium({ platform: 'win32', env: {}, homedir: 'C:\\Users\\ann', exists: () => false }),
    ).toBeNull();
  });
});

describe('the page shown while the server cannot be reached', () => {
  it('names the address and the reason, escaped', () => {
    const url = unreachablePageUrl('http://localhost:3000/<x>', 'ERR_CONNECTION_REFUSED "&"');
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    const html = decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
    expect(html).toContain('Reachly cannot reach its server');
    expect(html).toContain('http://localhost:3000/&#60;x&#62;');
    expect(html).toContain('ERR_CONNECTION_REFUSED &#34;&#38;&#34;');
    expect(html).not.toContain('<x>');
  });
});
