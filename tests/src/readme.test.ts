import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_VARIABLES } from '@reachly/server';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');

function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}`);
  expect(start, `README.md has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('README.md stays true', () => {
  it('has a Quick start of exactly two commands: install and start, then test', () => {
    const commands = [...section('Quick start').matchAll(/```(?:sh|bash)?\n([\s\S]*?)```/g)].flatMap((m) =>
      (m[1] ?? '').split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')),
    );
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
  });

  it('CI runs the Quick start test command', () => {
    expect(ci.split('\n').filter((l) => l.trim() === 'npm test')).toHaveLength(1);
  });

  it('lists every environment variable the server reads, and no other', () => {
    const table = section('Environment variables');
    const listed = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const testOnly = ['TEST_DATABASE_URL', 'TEST_DB'];
    expect(listed.filter((v) => !testOnly.includes(v as string)).sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
