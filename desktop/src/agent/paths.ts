import os from 'node:os';
import path from 'node:path';

/**
 * Where the agent keeps its files: the platform's app-data folder (Windows `%APPDATA%\Reachly`,
 * macOS `~/Library/Application Support/Reachly`, Linux `$XDG_CONFIG_HOME/reachly` or
 * `~/.config/reachly`), or `REACHLY_AGENT_HOME` when set. Each profile browser keeps its own
 * Chromium user-data-dir under it (`profiles/<id>/user-data`), so a profile stays logged in
 * between launches.
 */

export interface PathEnv {
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  homedir?: string;
}

/** The agent's home folder (not created here). */
export function agentHome({
  platform = process.platform,
  env = process.env,
  homedir = os.homedir(),
}: PathEnv = {}): string {
  if (env.REACHLY_AGENT_HOME) return path.resolve(env.REACHLY_AGENT_HOME);
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA ?? path.win32.join(homedir, 'AppData', 'Roaming'), 'Reachly');
  }
  if (platform === 'darwin') return path.posix.join(homedir, 'Library', 'Application Support', 'Reachly');
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : null;
  return path.join(config ?? path.join(homedir, '.config'), 'reachly');
}

/** The settings file (settings.ts). */
export function settingsFile(home: string): string {
  return path.join(home, 'settings.json');
}

/** The agent's log file (log-file.ts), the one a user sends with a support request. */
export function logFilePath(home: string): string {
  return path.join(home, 'logs', 'agent.log');
}

/** A profile's own folder. */
export function profileDir(home: string, profileId: number): string {
  return path.join(home, 'profiles', String(profileId));
}

/** The persistent Chromium user-data-dir of a profile. */
export function profileUserDataDir(home: string, profileId: number): string {
  return path.join(profileDir(home, profileId), 'user-data');
}
