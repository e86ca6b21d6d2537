import { describe, expect, it } from 'vitest';
import { compareVersions, isOutdatedVersion } from './versions.ts';

describe('compareVersions', () => {
  it('compares major, minor and patch numerically, not as text', () => {
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('1.2.3', '1.2.10')).toBe(-1);
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
    expect(compareVersions('v1.4.0', '1.4.0')).toBe(0);
  });

  it('puts a pre-release before its release and orders pre-release identifiers', () => {
    expect(compareVersions('1.0.0-beta.1', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(compareVersions('1.0.0-beta.2', '1.0.0-beta.11')).toBe(-1);
    expect(compareVersions('1.0.0-1', '1.0.0-alpha')).toBe(-1);
    expect(compareVersions('1.0.0+build.7', '1.0.0+build.1')).toBe(0);
  });

  it('answers null for versions it cannot read', () => {
    expect(compareVersions('1.2', '1.2.0')).toBeNull();
    expect(compareVersions('latest', '1.0.0')).toBeNull();
    expect(compareVersions(' 1.2.3 ', '1.2.3')).toBe(0);
  });
});

describe('isOutdatedVersion', () => {
  it('is outdated only when the installed version is surely older than the offered one', () => {
    expect(isOutdatedVersion('1.2.3', '1.3.0')).toBe(true);
    expect(isOutdatedVersion('1.3.0', '1.3.0')).toBe(false);
    expect(isOutdatedVersion('1.4.0', '1.3.0')).toBe(false);
    expect(isOutdatedVersion('1.2.3', null)).toBe(false);
    expect(isOutdatedVersion('dev', '1.3.0')).toBe(false);
  });
});
