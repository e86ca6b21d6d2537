import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory of the process now, in MB (Linux VmRSS). */
  rssMb(): number;
  /** Peak resident memory of the process since start or the last resetPeakRss, in MB (Linux VmHWM). */
  peakRssMb(): number;
  /** Starts a new peak (Linux: 5 into /proc/<pid>/clear_refs). */
  resetPeakRss(): void;
  stop(): Promise<void>;
}

/**
 * The Node flags `npm start` runs the server with, read from the root package.json's start script
 * (`node <flags> --import tsx server/src/main.ts`), so that a measured server is the one users run.
 * BENCH_NODE_FLAGS replaces them, to try other flags before changing the start script.
 */
export function npmStartFlags(): string[] {
  const trying = process.env.BENCH_NODE_FLAGS;
  if (trying !== undefined) return trying.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /node((?:\s+--\S+)*?)\s+--import tsx server\/src\/main\.ts/.exec(pkg.scripts.start);
  if (!match)
    throw new Error(`package.json's start script no longer runs server/src/main.ts: ${pkg.scripts.start}`);
  return (match[1] ?? '').trim().split(/\s+/).filter(Boolean);
}

/**
 * Runs a TypeScript entry point in its own Node process (with `nodeFlags` before tsx) until it
 * prints a line matching `ready`; the match's first group is the process's `url`.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  nodeFlags: string[] = [],
): Promise<ServerProcess & { output: () => string }> {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const match = ready.exec(output);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}:\n${output}`)));
  });
  const pid = child.pid as number;
  return {
    url,
    pid,
    output: () => output,
    resetPeakRss() {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    },
    rssMb: () => statusMb(pid, 'VmRSS'),
    peakRssMb: () => statusMb(pid, 'VmHWM'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A memory figure of /proc/<pid>/status, in MB. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The Reachly server's entry point on the given PostgreSQL database (without npm start's Node flags unless given: see npmStartFlags). */
export function startReachly(
  databaseUrl: string,
  dataDir: string,
  { env = {}, nodeFlags = [] }: { env?: Record<string, string>; nodeFlags?: string[] } = {},
): ReturnType<typeof startProcess> {
  return startProcess(
    'server/src/main.ts',
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      ...env,
    },
    /running at (http:\/\/localhost:\d+)/,
    nodeFlags,
  );
}
