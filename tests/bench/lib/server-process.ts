import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Peak resident memory of the process since start or the last resetPeakRss, in MB (Linux VmHWM). */
  peakRssMb(): number;
  /** Starts a new peak (Linux: 5 into /proc/<pid>/clear_refs). */
  resetPeakRss(): void;
  stop(): Promise<void>;
}

/** Runs a TypeScript entry point in its own Node process until it prints a line matching `ready`. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<ServerProcess & { output: () => string }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
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
    peakRssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The Reachly server as `npm start` runs it, on the given PostgreSQL database. */
export function startReachly(databaseUrl: string, dataDir: string): ReturnType<typeof startProcess> {
  return startProcess(
    'server/src/main.ts',
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
    },
    /running at (http:\/\/localhost:\d+)/,
  );
}
