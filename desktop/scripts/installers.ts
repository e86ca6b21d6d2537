import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOWNLOAD_ITEMS, PLATFORMS, type Platform } from '@reachly/shared/constants';
import { installerFileName } from '../src/index.ts';

/**
 * The four installers (DOWNLOAD_ITEMS of shared, the names GET /api/downloadApp serves), what
 * electron-builder builds each from, and where its configuration (electron-builder.json) is.
 */

export const DESKTOP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILDER_CONFIG_FILE = path.join(DESKTOP_DIR, 'electron-builder.json');

export interface InstallerBuild {
  platform: Platform;
  /** electron-builder's platform key (`win`, `mac`, `linux`) and the Node platform that can build it. */
  builderPlatform: 'win' | 'mac' | 'linux';
  nodePlatform: 'win32' | 'darwin' | 'linux';
  /** electron-builder's target: the same word as the download's format. */
  target: (typeof DOWNLOAD_ITEMS)[Platform]['format'];
  arch: 'x64' | 'arm64';
  fileName: string;
}

const WHERE: Record<Platform, Pick<InstallerBuild, 'builderPlatform' | 'nodePlatform' | 'arch'>> = {
  windows: { builderPlatform: 'win', nodePlatform: 'win32', arch: 'x64' },
  'macos-m': { builderPlatform: 'mac', nodePlatform: 'darwin', arch: 'arm64' },
  'macos-intel': { builderPlatform: 'mac', nodePlatform: 'darwin', arch: 'x64' },
  linux: { builderPlatform: 'linux', nodePlatform: 'linux', arch: 'x64' },
};

export function installerBuild(platform: Platform): InstallerBuild {
  return {
    platform,
    ...WHERE[platform],
    target: DOWNLOAD_ITEMS[platform].format,
    fileName: installerFileName(platform),
  };
}

export const INSTALLER_BUILDS: readonly InstallerBuild[] = PLATFORMS.map(installerBuild);

/** The installers a machine of this Node platform builds (MSI needs Windows, DMG macOS). */
export function buildsFor(nodePlatform: string): InstallerBuild[] {
  return INSTALLER_BUILDS.filter((b) => b.nodePlatform === nodePlatform);
}

export interface BuilderConfig {
  directories?: { output?: string };
  [key: string]: unknown;
}

export function readBuilderConfig(file: string = BUILDER_CONFIG_FILE): BuilderConfig {
  return JSON.parse(readFileSync(file, 'utf8')) as BuilderConfig;
}

/** Where electron-builder writes the installers (directories.output, relative to desktop/). */
export function builderOutputDir(config: BuilderConfig = readBuilderConfig()): string {
  return path.resolve(DESKTOP_DIR, config.directories?.output ?? 'dist');
}

/** Parses `--name value` and `--name=value` options; bare `--flag` is "true". */
export function parseOptions(argv: readonly string[]): Map<string, string> {
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) options.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]?.startsWith('--'))
      options.set(arg.slice(2), argv[++i] ?? '');
    else options.set(arg.slice(2), 'true');
  }
  return options;
}

/** True when this module is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
}
