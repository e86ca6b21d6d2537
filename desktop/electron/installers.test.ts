import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DOWNLOAD_ITEMS, PLATFORMS } from '@reachly/shared/constants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  builderOutputDir,
  buildsFor,
  DESKTOP_DIR,
  INSTALLER_BUILDS,
  parseOptions,
  readBuilderConfig,
} from '../scripts/installers.ts';
import { copyInstallers, describeReport, releasesDir } from '../scripts/release.ts';

/**
 * The installers' names and the release copy (desktop/scripts; the vitest project runs tests
 * under desktop/src and desktop/electron, so they live here). electron-builder itself cannot run
 * here (it downloads Electron): its configuration is checked against DOWNLOAD_ITEMS instead.
 */

describe('electron-builder.json and the build plan', () => {
  const config = readBuilderConfig() as Record<string, unknown> & {
    win: { target: { target: string; arch: string[] }[] };
    mac: { target: { target: string; arch: string[] }[] };
    linux: { target: { target: string; arch: string[] }[] };
    msi: { artifactName: string };
    deb: { artifactName: string };
    extraResources: { from: string; to: string }[];
    files: string[];
  };

  it('builds each DOWNLOAD_ITEMS installer under its exact name, for its OS and architecture', () => {
    expect(INSTALLER_BUILDS.map((b) => [b.fileName, b.builderPlatform, b.target, b.arch])).toEqual([
      ['reachly-windows.msi', 'win', 'msi', 'x64'],
      ['reachly-macos-m.dmg', 'mac', 'dmg', 'arm64'],
      ['reachly-macos-intel.dmg', 'mac', 'dmg', 'x64'],
      ['reachly-linux.deb', 'linux', 'deb', 'x64'],
    ]);
    expect(INSTALLER_BUILDS.map((b) => b.fileName)).toEqual(PLATFORMS.map((p) => DOWNLOAD_ITEMS[p].fileName));
    for (const build of INSTALLER_BUILDS) {
      expect(config[build.builderPlatform], build.fileName).toMatchObject({
        target: [{ target: build.target, arch: expect.arrayContaining([build.arch]) }],
      });
    }
    expect(config.msi.artifactName).toBe(DOWNLOAD_ITEMS.windows.fileName);
    expect(config.deb.artifactName).toBe(DOWNLOAD_ITEMS.linux.fileName);
    expect(config).toMatchObject({ appId: 'com.reachly.desktop', productName: 'Reachly' });
  });

  it('packs the compiled shell and ships the built extension and the icon as resources', async () => {
    const pkg = JSON.parse(await readFile(path.join(DESKTOP_DIR, 'package.json'), 'utf8')) as {
      main: string;
    };
    expect(config.files).toContain('dist/**/*');
    expect(pkg.main).toBe('dist/shell/main.mjs');
    expect(config.extraResources).toEqual([
      { from: '../extension/.output/chrome-mv3', to: 'extension' },
      { from: 'electron/resources/icon.png', to: 'icon.png' },
    ]);
    const icon = await readFile(path.join(DESKTOP_DIR, 'electron/resources/icon.png'));
    expect(icon.subarray(1, 4).toString()).toBe('PNG');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('builds on each machine what it can', () => {
    expect(buildsFor('darwin').map((b) => b.fileName)).toEqual([
      'reachly-macos-m.dmg',
      'reachly-macos-intel.dmg',
    ]);
    expect(buildsFor('win32').map((b) => b.fileName)).toEqual(['reachly-windows.msi']);
    expect(buildsFor('linux').map((b) => b.fileName)).toEqual(['reachly-linux.deb']);
    expect(buildsFor('freebsd')).toEqual([]);
    expect(builderOutputDir()).toBe(path.join(DESKTOP_DIR, 'release'));
  });

  it('reads the scripts options', () => {
    expect(parseOptions(['--from', 'a', '--to=b', '--all'])).toEqual(
      new Map([
        ['from', 'a'],
        ['to', 'b'],
        ['all', 'true'],
      ]),
    );
    expect(() => parseOptions(['stray'])).toThrow('Unexpected argument stray');
  });
});

describe('npm run release: copying the installers into RELEASES_DIR', () => {
  let from: string;
  let to: string;
  beforeEach(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'reachly-release-'));
    from = path.join(root, 'builder-output');
    to = path.join(root, 'server', 'releases');
    await mkdir(from, { recursive: true });
  });
  afterEach(() => rm(path.dirname(from), { recursive: true, force: true }));

  it('copies the installers it finds by their download names and reports the others', async () => {
    await writeFile(path.join(from, 'reachly-linux.deb'), Buffer.alloc(300_000, 7));
    await writeFile(path.join(from, 'reachly-macos-m.dmg'), 'dmg');
    await writeFile(path.join(from, 'reachly-macos-intel.dmg'), '');
    await writeFile(path.join(from, 'Reachly-0.1.0-arm64.dmg'), 'builder default name: not ours');

    const report = await copyInstallers({ from, to });
    expect(report).toEqual({
      copied: [
        { platform: 'macos-m', fileName: 'reachly-macos-m.dmg', bytes: 3 },
        { platform: 'linux', fileName: 'reachly-linux.deb', bytes: 300_000 },
      ],
      missing: [
        { platform: 'windows', fileName: 'reachly-windows.msi', reason: 'not found' },
        { platform: 'macos-intel', fileName: 'reachly-macos-intel.dmg', reason: 'empty' },
      ],
    });
    expect((await readdir(to)).sort()).toEqual(['reachly-linux.deb', 'reachly-macos-m.dmg']);
    expect(await readFile(path.join(to, 'reachly-linux.deb'))).toEqual(Buffer.alloc(300_000, 7));
    expect(describeReport(report, from, to)).toEqual([
      `Copied reachly-macos-m.dmg (0.0 MB) to ${to}`,
      `Copied reachly-linux.deb (0.3 MB) to ${to}`,
      `Not found: reachly-windows.msi in ${from} (build it with \`npm run dist -w @reachly/desktop -- --platform windows\`)`,
      `Skipped reachly-macos-intel.dmg: it is empty in ${from}`,
    ]);
  });

  it('replaces an older release, and copies nothing when nothing was built', async () => {
    await mkdir(to, { recursive: true });
    await writeFile(path.join(to, 'reachly-linux.deb'), 'old');
    await writeFile(path.join(from, 'reachly-linux.deb'), 'new release');
    await copyInstallers({ from, to });
    expect(await readFile(path.join(to, 'reachly-linux.deb'), 'utf8')).toBe('new release');

    const empty = await mkdtemp(path.join(os.tmpdir(), 'reachly-release-empty-'));
    const report = await copyInstallers({ from: empty, to: path.join(empty, 'never-made') });
    expect(report.copied).toEqual([]);
    expect(report.missing.map((m) => m.fileName)).toEqual(PLATFORMS.map((p) => DOWNLOAD_ITEMS[p].fileName));
    expect(await readdir(empty)).toEqual([]);
    await rm(empty, { recursive: true, force: true });
  });

  it('never leaves a partial file under a final name, nor its temporary copy', async () => {
    await mkdir(to, { recursive: true });
    await writeFile(path.join(to, 'reachly-linux.deb'), 'previous release');
    await writeFile(path.join(from, 'reachly-linux.deb'), 'new');
    // A folder where a file should be: the first copy succeeds, the second fails.
    await writeFile(path.join(from, 'reachly-macos-m.dmg'), 'dmg');
    await mkdir(path.join(to, 'reachly-macos-m.dmg'));
    await writeFile(path.join(to, 'reachly-macos-m.dmg', 'keep'), '');

    await expect(copyInstallers({ from, to })).rejects.toThrow();
    // Nothing was renamed: the previous release is untouched, and no temporary file is left.
    expect((await readdir(to)).sort()).toEqual(['reachly-linux.deb', 'reachly-macos-m.dmg']);
    expect(await readFile(path.join(to, 'reachly-linux.deb'), 'utf8')).toBe('previous release');
  });

  it('finds RELEASES_DIR as the server started from the same folder would', () => {
    const env = { INIT_CWD: '/srv/reachly' };
    expect(releasesDir(new Map(), env)).toBe('/srv/reachly/releases');
    expect(releasesDir(new Map(), { ...env, RELEASES_DIR: 'public/downloads' })).toBe(
      '/srv/reachly/public/downloads',
    );
    expect(releasesDir(new Map(), { ...env, RELEASES_DIR: '/var/reachly' })).toBe('/var/reachly');
    expect(releasesDir(new Map([['to', '/tmp/x']]), { ...env, RELEASES_DIR: '/var/reachly' })).toBe('/tmp/x');
  });
});
