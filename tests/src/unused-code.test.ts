import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from './product-code.ts';

interface KnipIssue {
  file: string;
  [kind: string]: unknown;
}

/**
 * knip (configured in knip.json) reads every workspace's imports against its package.json. A package
 * used where it is not declared, or declared where nothing uses it, fails the test. Unused files,
 * exports and types are counted and printed: the goal is none, not yet enforced.
 */
it('every workspace declares the packages it uses, and only those', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/knip/bin/knip.js'),
      '--reporter',
      'json',
      '--no-progress',
      '--no-exit-code',
    ],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
  );
  const { issues } = JSON.parse(stdout) as { issues: KnipIssue[] };
  const list = (kind: string) =>
    issues.flatMap((issue) =>
      ((issue[kind] ?? []) as { name: string }[]).map((item) => `${issue.file}: ${item.name}`),
    );
  const counted = ['files', 'exports', 'types', 'enumMembers', 'duplicates', 'namespaceMembers'];
  console.log(
    `unused code (knip): ${counted.map((kind) => `${kind} ${list(kind).length}`).join(', ')}` +
      counted.flatMap((kind) => list(kind).map((line) => `\n  ${kind}  ${line}`)).join(''),
  );
  const dependencyProblems = [
    ...list('unlisted').map((line) => `used but not declared in that workspace's package.json: ${line}`),
    ...list('dependencies').map((line) => `declared but unused: ${line}`),
    ...list('devDependencies').map((line) => `declared but unused: ${line}`),
    ...list('optionalPeerDependencies').map((line) => `optional peer used: ${line}`),
    ...list('unresolved').map((line) => `import that resolves to nothing: ${line}`),
    ...list('binaries').map((line) => `binary of no declared package: ${line}`),
  ];
  expect(dependencyProblems, dependencyProblems.join('\n')).toEqual([]);
}, 180_000);
