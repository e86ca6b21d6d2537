import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders of product code: what ships (server, dashboard, extension, desktop and what they share). */
export const PRODUCT_DIRS = [
  'shared/src',
  'server/src',
  'dashboard/src',
  'extension/src',
  'extension/entrypoints',
  'desktop/src',
  'desktop/electron',
] as const;

/** Inside those folders, what only the tests use (keep in step with TEST_ONLY_GLOBS). */
const TEST_ONLY = /(\.test\.tsx?$|\/test-support(\/|\.tsx?$)|\/testing\/|\/test-setup\.ts$)/;

/** The same as globs. */
export const TEST_ONLY_GLOBS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test-support/**',
  '**/test-support.ts',
  '**/testing/**',
  '**/test-setup.ts',
];

/** Whether a repository-relative path (forward slashes) is product code. */
export function isProductFile(file: string): boolean {
  return (
    /\.tsx?$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !TEST_ONLY.test(file) &&
    PRODUCT_DIRS.some((dir) => file.startsWith(`${dir}/`))
  );
}

/** Every product source file, repository-relative, sorted. */
export function productFiles(): string[] {
  return PRODUCT_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
      `${dir}/${f}`.split(path.sep).join('/'),
    ),
  )
    .filter(isProductFile)
    .sort();
}
