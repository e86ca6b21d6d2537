import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run admin -- ...args` with no server around (each run starts tsx: a few seconds on a busy machine). */
function runCli(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/admin/cli.ts', ...args],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run admin: usage', { timeout: 60_000 }, () => {
  it('--help prints the usage and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run admin -- <command>');
    expect(stdout).toContain('grant-licence <email>');
    expect(stdout).toContain('reset-link <email>');
    expect(stderr).toBe('');
  });

  it.each([
    [['frobnicate'], 'Unknown command "frobnicate".'],
    [['ban', '--bogus', 'ann@example.com'], "Unknown option '--bogus'"],
    [['reset-link'], 'reset-link takes 1 argument.'],
  ])('%j says what is wrong, prints the usage, exits 2, no stack', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: npm run admin -- <command>');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
