import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PLATFORMS, type Platform } from '@reachly/shared/constants';
import { installerFileName } from '../src/index.ts';
import { builderOutputDir, isMain, parseOptions } from './installers.ts';

/**
 * `npm run release -w @reachly/desktop`: after electron-builder ran (`npm run dist`), copies the
 * installers it wrote into the server's RELEASES_DIR, where GET /api/downloadApp serves them by
 * their DOWNLOAD_ITEMS names. Each file is copied under a hidden temporary name first and renamed
 * only once every found installer is fully copied, so the server never serves a partial file.
 */

export interface ReleaseOptions {
  /** electron-builder's output folder. */
  from: string;
  /** The server's RELEASES_DIR. */
  to: string;
  platforms?: readonly Platform[];
}

export interface ReleaseReport {
  copied: { platform: Platform; fileName: string; bytes: number }[];
  /** Not in `from` (built on another machine, or not built yet), or empty. */
  missing: { platform: Platform; fileName: string; reason: 'not found' | 'empty' }[];
}

export async function copyInstallers({
  from,
  to,
  platforms = PLATFORMS,
}: ReleaseOptions): Promise<ReleaseReport> {
  const report: ReleaseReport = { copied: [], missing: [] };
  const found: { platform: Platform; fileName: string; bytes: number }[] = [];
  for (const platform of platforms) {
    const fileName = installerFileName(platform);
    const size = await fileSize(path.join(from, fileName));
    if (size === null) report.missing.push({ platform, fileName, reason: 'not found' });
    else if (size === 0) report.missing.push({ platform, fileName, reason: 'empty' });
    else found.push({ platform, fileName, bytes: size });
  }
  if (found.length === 0) return report;

  await mkdir(to, { recursive: true });
  const staged: { temp: string; final: string }[] = [];
  try {
    for (const file of found) {
      // A dot file: the download route answers only the exact installer names, and denies dot files.
      const temp = path.join(to, `.${file.fileName}.${randomBytes(6).toString('hex')}.partial`);
      staged.push({ temp, final: path.join(to, file.fileName) });
      await copyFile(path.join(from, file.fileName), temp);
      const copied = await fileSize(temp);
      if (copied !== file.bytes) {
        throw new Error(
          `${file.fileName}: copied ${copied} of ${file.bytes} bytes (did the build change it meanwhile?)`,
        );
      }
    }
    for (const { temp, final } of staged) await rename(temp, final);
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  report.copied = found;
  return report;
}

async function fileSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * RELEASES_DIR as the server reads it: `--to`, else the RELEASES_DIR variable, else ./releases;
 * a relative path is taken from the folder npm was started in (INIT_CWD), like `npm start`'s.
 */
export function releasesDir(
  options: Map<string, string>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const dir = options.get('to') || env.RELEASES_DIR || './releases';
  return path.resolve(env.INIT_CWD || process.cwd(), dir);
}

export function describeReport(report: ReleaseReport, from: string, to: string): string[] {
  const lines = report.copied.map(
    (f) => `Copied ${f.fileName} (${(f.bytes / 1024 / 1024).toFixed(1)} MB) to ${to}`,
  );
  for (const m of report.missing) {
    lines.push(
      m.reason === 'empty'
        ? `Skipped ${m.fileName}: it is empty in ${from}`
        : `Not found: ${m.fileName} in ${from} (build it with \`npm run dist -w @reachly/desktop -- --platform ${m.platform}\`)`,
    );
  }
  return lines;
}

if (isMain(import.meta.url)) {
  const options = parseOptions(process.argv.slice(2));
  const fromOption = options.get('from');
  const from = fromOption
    ? path.resolve(process.env.INIT_CWD || process.cwd(), fromOption)
    : builderOutputDir();
  const to = releasesDir(options);
  const report = await copyInstallers({ from, to });
  for (const line of describeReport(report, from, to)) console.log(line);
  const requireAll = options.get('all') === 'true';
  if (report.copied.length === 0 || (requireAll && report.missing.length > 0)) {
    console.error(
      report.copied.length === 0
        ? `No installer to copy from ${from}: run \`npm run dist -w @reachly/desktop\` first.`
        : 'Some installers are missing (--all).',
    );
    process.exitCode = 1;
  }
}
