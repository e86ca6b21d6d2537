import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * docs/decisions.md records the versions of the security-relevant dependencies (what `npm audit`
 * would watch, were an advisory database reachable here): the installed ones must be those.
 */
it('installs the security-relevant dependencies at the versions docs/decisions.md records', () => {
  const decisions = readFileSync(path.join(root, 'docs/decisions.md'), 'utf8');
  const start = decisions.indexOf('**Security-relevant dependencies**');
  expect(start).toBeGreaterThan(-1);
  const rows = [...decisions.slice(start).matchAll(/^\s*\| (@?[a-z][\w./-]*) \| (\d+\.\d+\.\d+) \|$/gm)];
  expect(rows.length).toBeGreaterThanOrEqual(10);
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const recorded = Object.fromEntries(rows.map((m) => [m[1], m[2]]));
  const installed = Object.fromEntries(
    Object.keys(recorded).map((name) => [name, lock.packages[`node_modules/${name}`]?.version]),
  );
  expect(installed).toEqual(recorded);
});
