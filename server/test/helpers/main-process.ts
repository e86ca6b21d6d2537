import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface MainProcess {
  /** Settles when the server printed its sign-in line (with its `url`), or exited (with its `code`). */
  ready: Promise<{ stdout: string; stderr: string; code: number | null; url?: string }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an out-of-memory kill would end it: no shutdown code runs. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills every server process a test file started and left running (its afterAll). */
export function killMainProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Runs `server/src/main.ts` as `npm start` does, in its own Node process, with `env` only (and PATH). */
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const ready = new Promise<{ stdout: string; stderr: string; code: number | null; url?: string }>(
    (resolve) => {
      child.stdout.on('data', () => {
        if (/Sign (in|up) at/.test(stdout) && stdout.endsWith('\n') && !/password:\s*$/.test(stdout)) {
          setTimeout(
            () => resolve({ stdout, stderr, code: null, url: stdout.match(/http:\/\/localhost:\d+/)?.[0] }),
            50,
          );
        }
      });
      child.once('exit', (code) => resolve({ stdout, stderr, code }));
    },
  );
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { ready, stop: () => ended('SIGTERM'), kill: () => ended('SIGKILL') };
}
