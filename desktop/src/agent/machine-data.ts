import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Platform } from '@reachly/shared/constants';
import { guessPlatform } from '@reachly/shared/logic';
import { type MachineData, machineDataSchema } from '@reachly/shared/schemas';

/**
 * Machine data of spec §3, as the agent reports it: the installation's machineId, this app's
 * version (desktop/package.json), the built extension's version (its manifest.json; null when
 * none is found), the download platform (shared's platform guess, fed with Node's platform and
 * architecture) and the OS (`os.type()` and release). Sent with PATCH /api/user/machineData after
 * sign-in and answered for the bridge's get-machine-data.
 */

/** The desktop app's version, from desktop/package.json. */
export const DESKTOP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The built extension's version, or null when its manifest cannot be read. */
async function readExtensionVersion(extensionDir: string | null): Promise<string | null> {
  if (!extensionDir) return null;
  try {
    const manifest = JSON.parse(await readFile(path.join(extensionDir, 'manifest.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' && manifest.version ? manifest.version : null;
  } catch {
    return null;
  }
}

const PLATFORM_HINTS: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'Windows',
  darwin: 'macOS',
  linux: 'Linux',
};

/** The download platform of this machine ('windows', 'macos-m', 'macos-intel', 'linux'). */
function machinePlatform(platform: NodeJS.Platform = process.platform, arch = process.arch): Platform {
  return guessPlatform('', { platform: PLATFORM_HINTS[platform] ?? platform, isArm: arch.startsWith('arm') });
}

export async function collectMachineData(input: {
  machineId: string;
  extensionDir: string | null;
  version?: string;
}): Promise<MachineData> {
  return machineDataSchema.parse({
    machineId: input.machineId,
    reachlyVersion: input.version ?? DESKTOP_VERSION,
    extensionVersion: await readExtensionVersion(input.extensionDir),
    platform: machinePlatform(),
    OS: `${os.type()} ${os.release()}`,
  });
}
