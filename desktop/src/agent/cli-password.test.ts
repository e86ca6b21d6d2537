import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, REACHLY_PASSWORD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('agent CLI password', () => {
  it('refuses --password on the command line (ps and shell history would show it)', () => {
    const result = run([
      '--server',
      'http://127.0.0.1:9',
      '--email',
      'a@b.c',
      '--password',
      'hunter2-secret',
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--password is not accepted');
    expect(result.stderr).toContain('REACHLY_PASSWORD');
    expect(`${result.stdout}${result.stderr}`).not.toContain('hunter2-secret');
  });

  it('names REACHLY_PASSWORD in its help and offers no --password option', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('REACHLY_PASSWORD');
    expect(result.stdout).not.toMatch(/--password\s/);
  });
});
