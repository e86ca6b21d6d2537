// `npm start`'s first step: builds the dashboard only when its sources changed since the last
// build. The build's inputs are hashed (paths and contents) and the hash is kept beside the build;
// a start with the same inputs and a complete build skips Vite altogether.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const inputs = [
  'dashboard/src',
  'dashboard/public',
  'dashboard/index.html',
  'dashboard/vite.config.ts',
  'dashboard/package.json',
  'dashboard/tsconfig.json',
  'shared/src',
  'shared/package.json',
  'package-lock.json',
];
const dist = path.join(root, 'dashboard/dist');
const stamp = path.join(dist, '.sources-hash');

/** Every file under `relative` (or the file itself), sorted: the hash does not follow directory order. */
function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

const current = sourcesHash();
const built = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
if (built === current && existsSync(path.join(dist, 'index.html'))) {
  console.log('Dashboard is up to date: not rebuilt.');
} else {
  execFileSync('npm', ['run', 'build', '-w', '@reachly/dashboard'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${current}\n`);
}
