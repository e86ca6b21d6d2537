import { PLATFORMS, type Platform } from '@reachly/shared/constants';
import { Arch, Platform as BuilderPlatform, build, type Configuration } from 'electron-builder';
import {
  BUILDER_CONFIG_FILE,
  buildsFor,
  DESKTOP_DIR,
  type InstallerBuild,
  installerBuild,
  isMain,
  parseOptions,
} from './installers.ts';

/**
 * `npm run dist -w @reachly/desktop`: electron-builder with electron-builder.json, once per
 * installer this machine can build (or `--platform windows|macos-m|macos-intel|linux`), each
 * named exactly as DOWNLOAD_ITEMS says. One run per installer because electron-builder names both
 * macOS DMGs from one pattern (`${arch}` gives arm64/x64, not m/intel).
 * It downloads Electron: run it on a machine that can (not in this project's sandbox).
 */

const BUILDER_PLATFORMS = {
  win: BuilderPlatform.WINDOWS,
  mac: BuilderPlatform.MAC,
  linux: BuilderPlatform.LINUX,
};

export async function buildInstaller(installer: InstallerBuild): Promise<string[]> {
  const config = {
    extends: BUILDER_CONFIG_FILE,
    [installer.target]: { artifactName: installer.fileName },
  } as Configuration;
  return build({
    projectDir: DESKTOP_DIR,
    config,
    publish: 'never',
    targets: BUILDER_PLATFORMS[installer.builderPlatform].createTarget(
      installer.target,
      Arch[installer.arch],
    ),
  });
}

function chosenBuilds(argv: readonly string[]): InstallerBuild[] {
  const platform = parseOptions(argv).get('platform');
  if (platform === undefined) return buildsFor(process.platform);
  if (!(PLATFORMS as readonly string[]).includes(platform)) {
    throw new Error(`--platform must be one of ${PLATFORMS.join(', ')}`);
  }
  return [installerBuild(platform as Platform)];
}

if (isMain(import.meta.url)) {
  const builds = chosenBuilds(process.argv.slice(2));
  if (builds.length === 0) {
    console.error(`No installer is built on ${process.platform}; choose one with --platform.`);
    process.exit(1);
  }
  for (const installer of builds) {
    const artifacts = await buildInstaller(installer);
    console.log(`Built ${installer.fileName}: ${artifacts.join(', ')}`);
  }
}
