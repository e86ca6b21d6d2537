import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shell's settings (pure but for reading one file): which server's dashboard the window loads,
 * and where the built extension and the tray icon are, packaged or not.
 */

const DEFAULT_SERVER_URL = 'http://localhost:3000';
const SERVER_URL_ENV = 'REACHLY_SERVER_URL';
const SERVER_URL_ARGUMENT = '--server-url=';
/** In Electron's userData folder: `{"serverUrl": "https://reachly.example.com"}`. */
export const SETTINGS_FILE = 'shell-settings.json';

export interface ShellSettings {
  serverUrl?: unknown;
}

export type ServerUrlSource = 'argument' | 'environment' | 'settings' | 'default';

/** A server address that cannot be used: its message names where it came from. */
export class ShellConfigError extends Error {}

/**
 * The dashboard's address: `--server-url=`, else REACHLY_SERVER_URL, else the settings file, else
 * http://localhost:3000. Normalised to the origin plus any path, without a trailing slash.
 */
export function resolveServerUrl(sources: {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  settings: ShellSettings;
}): { serverUrl: string; source: ServerUrlSource } {
  const argument = sources.argv
    .find((a) => a.startsWith(SERVER_URL_ARGUMENT))
    ?.slice(SERVER_URL_ARGUMENT.length);
  const candidates: [ServerUrlSource, string, unknown][] = [
    ['argument', SERVER_URL_ARGUMENT.slice(0, -1), argument],
    ['environment', SERVER_URL_ENV, sources.env[SERVER_URL_ENV]],
    ['settings', `serverUrl in ${SETTINGS_FILE}`, sources.settings.serverUrl],
  ];
  for (const [source, name, value] of candidates) {
    if (value === undefined || value === null || value === '') continue;
    return { serverUrl: normaliseServerUrl(value, name), source };
  }
  return { serverUrl: DEFAULT_SERVER_URL, source: 'default' };
}

function normaliseServerUrl(value: unknown, name: string): string {
  let url: URL | null = null;
  try {
    url = typeof value === 'string' ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ShellConfigError(
      `${name} must be an http(s) address such as ${DEFAULT_SERVER_URL}, got ${JSON.stringify(value)}`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The settings file in `dir`; a missing file is no settings, an unreadable one an error. */
export function readShellSettings(dir: string): ShellSettings {
  const file = path.join(dir, SETTINGS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const settings: unknown = JSON.parse(text);
    if (typeof settings === 'object' && settings !== null && !Array.isArray(settings)) return settings;
  } catch {}
  throw new ShellConfigError(
    `${file} must hold a JSON object such as {"serverUrl": "${DEFAULT_SERVER_URL}"}`,
  );
}

export interface ShellPaths {
  /** The built extension the agent loads into every profile browser. */
  extensionDir: string;
  trayIcon: string;
}

/**
 * Packaged, electron-builder put the extension and the icon in the resources folder
 * (extraResources); from a checkout (`electron .` in desktop/) they are where the builds write them.
 */
export function shellPaths(app: { isPackaged: boolean; resourcesPath: string; appPath: string }): ShellPaths {
  if (app.isPackaged) {
    return {
      extensionDir: path.join(app.resourcesPath, 'extension'),
      trayIcon: path.join(app.resourcesPath, 'icon.png'),
    };
  }
  return {
    extensionDir: path.resolve(app.appPath, '../extension/.output/chrome-mv3'),
    trayIcon: path.join(app.appPath, 'electron/resources/icon.png'),
  };
}
