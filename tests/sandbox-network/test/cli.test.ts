import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const testsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run sandbox -- ...args` (each run starts tsx: a few seconds on a busy machine). */
function runCli(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'sandbox-network/cli.ts', ...args],
      { cwd: testsDir, env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

// Each case starts tsx, which takes seconds on a busy machine: past vitest's 5-s default.
describe('npm run sandbox: usage', { timeout: 60_000 }, () => {
  it('--help prints the options and exits 0 without starting anything', async () => {
    const { code, stdout, stderr } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run sandbox -- [options]');
    expect(stdout).toContain('--seed <n>');
    expect(stdout).not.toContain('Sandbox network (');
    expect(stderr).toBe('');
  });

  it.each([
    [['--nope'], "Unknown option '--nope'"],
    [['start'], "Unexpected argument 'start'"],
  ])('%j says what is wrong, prints the usage, exits 2, no stack', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: npm run sandbox -- [options]');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
