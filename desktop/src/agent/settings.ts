import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { settingsFile } from './paths.ts';

/**
 * The agent's settings file (`settings.json` in its home folder): the server it signs in to, the
 * access token it signed in with, and the machine id, a random uuid created once and kept for the
 * life of the installation (machine data, spec §3). Written atomically (a temporary file renamed
 * over the old one) and readable by the user only, since it holds the token.
 */

const agentSettingsSchema = z.object({
  serverUrl: z.string().nullable().default(null),
  accessToken: z.string().nullable().default(null),
  machineId: z.string().min(1),
});
type AgentSettings = z.infer<typeof agentSettingsSchema>;

export interface SettingsStore {
  readonly file: string;
  get(): AgentSettings;
  /** Merges the change and writes the file before resolving. */
  update(change: Partial<Omit<AgentSettings, 'machineId'>>): Promise<AgentSettings>;
}

async function readSettings(file: string): Promise<AgentSettings | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = agentSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let tmpCounter = 0;
async function writeAtomically(file: string, settings: AgentSettings): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  tmpCounter += 1;
  const tmp = `${file}.${process.pid}.${tmpCounter}.tmp`;
  await writeFile(tmp, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, file);
}

/**
 * Opens the settings of the home folder, creating the file (and the machine id) the first time. An
 * unreadable file is replaced by fresh settings.
 */
export async function openSettings(home: string): Promise<SettingsStore> {
  const file = settingsFile(home);
  let current = await readSettings(file);
  if (!current) {
    current = { serverUrl: null, accessToken: null, machineId: randomUUID() };
    await writeAtomically(file, current);
  }
  let writing: Promise<unknown> = Promise.resolve();
  return {
    file,
    get: () => ({ ...(current as AgentSettings) }),
    update(change) {
      current = { ...(current as AgentSettings), ...change };
      const snapshot = { ...current };
      // Writes one after another, so the last change is the one on disk.
      const write = writing.then(() => writeAtomically(file, snapshot));
      writing = write.catch(() => undefined);
      return write.then(() => snapshot);
    },
  };
}
