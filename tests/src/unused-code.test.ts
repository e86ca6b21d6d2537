import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { ROOT } from './product-code.ts';

interface KnipItem {
  name: string;
}

interface KnipIssue {
  file: string;
  [kind: string]: unknown;
}

/** knip's kinds of unused code; a duplicate is one export under two names (`@alias` marks a meant one). */
const UNUSED_KINDS = ['files', 'exports', 'types', 'enumMembers', 'duplicates', 'namespaceMembers'];

let issues: KnipIssue[];

/** One line per finding of a kind: `file: name` (a duplicate's names joined by `|`). */
const list = (kind: string, where: (file: string) => boolean = () => true) =>
  issues
    .filter((issue) => where(issue.file))
    .flatMap((issue) =>
      ((issue[kind] ?? []) as (KnipItem | KnipItem[])[]).map(
        (item) =>
          `${issue.file}: ${Array.isArray(item) ? item.map((alias) => alias.name).join('|') : item.name}`,
      ),
    );

/** knip (configured in knip.json) reads every workspace's imports against its package.json and exports. */
beforeAll(async () => {
  const { stdout, stderr } = await promisify(execFile)(
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
  // A configuration knip cannot load (extension/wxt.config.ts before `wxt prepare`, say) leaves its
  // entry files out: what it then reports as unused is wrong, so the run counts as failed.
  expect(stderr, stderr).not.toMatch(/ERROR/);
  ({ issues } = JSON.parse(stdout) as { issues: KnipIssue[] });
  console.log(
    `unused code (knip): ${UNUSED_KINDS.map((kind) => `${kind} ${list(kind).length}`).join(', ')}` +
      UNUSED_KINDS.flatMap((kind) => list(kind).map((line) => `\n  ${kind}  ${line}`)).join(''),
  );
}, 180_000);

/** A package used where it is not declared, or declared where nothing uses it, fails the test. */
it('every workspace declares the packages it uses, and only those', () => {
  const dependencyProblems = [
    ...list('unlisted').map((line) => `used but not declared in that workspace's package.json: ${line}`),
    ...list('dependencies').map((line) => `declared but unused: ${line}`),
    ...list('devDependencies').map((line) => `declared but unused: ${line}`),
    ...list('optionalPeerDependencies').map((line) => `optional peer used: ${line}`),
    ...list('unresolved').map((line) => `import that resolves to nothing: ${line}`),
    ...list('binaries').map((line) => `binary of no declared package: ${line}`),
  ];
  expect(dependencyProblems, dependencyProblems.join('\n')).toEqual([]);
});

/**
 * Anywhere in the repository, a file nothing imports, an export nothing imports (test files count:
 * knip's vitest plugin makes every test file an entry) and a second name for an export fail the test.
 * Fix by dropping the `export` of what only its own file uses, deleting dead code, or keeping one
 * name; `@public` (API nothing calls yet) and `@alias` (a second name that is meant) say why not.
 */
it('leaves no unused file, export, type or duplicate export', () => {
  const unused = UNUSED_KINDS.flatMap((kind) => list(kind).map((line) => `${kind}  ${line}`));
  expect(unused, unused.join('\n')).toEqual([]);
});
