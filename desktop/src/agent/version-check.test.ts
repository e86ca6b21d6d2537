import { describe, expect, it } from 'vitest';
import { compareVersions, createVersionChecker, isUpdateOffered, parseVersion } from './version-check.ts';

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0.1', '1.0.0', 1],
    ['1.2.0', '1.10.0', -1],
    ['2.0.0', '1.99.99', 1],
    ['v1.2.3', '1.2.3', 0],
    ['1.2', '1.2.0', 0],
    ['1.0.0-rc.1', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.2', '1.0.0-alpha.10', -1],
    ['1.0.0-beta', '1.0.0-alpha', 1],
    ['1.0.0-1', '1.0.0-alpha', -1],
    ['1.0.0+build.5', '1.0.0', 0],
  ])('%s vs %s → %i', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
    expect(compareVersions(b, a)).toBe(order === 0 ? 0 : -order);
  });

  it('does not read what is not a version', () => {
    expect(parseVersion('latest')).toBeNull();
    expect(compareVersions('1.0.0', 'soon')).toBeNull();
  });
});

describe('isUpdateOffered', () => {
  it('is true only for a newer readable offered version', () => {
    expect(isUpdateOffered('0.1.0', '0.2.0')).toBe(true);
    expect(isUpdateOffered('0.1.0', '0.1.0')).toBe(false);
    expect(isUpdateOffered('0.2.0', '0.1.9')).toBe(false);
    expect(isUpdateOffered('0.1.0', null)).toBe(false);
    expect(isUpdateOffered('0.1.0', 'garbage')).toBe(false);
  });
});

describe('version checker', () => {
  it('announces a newer offered version once, and a later one again', async () => {
    let offered: string | null = null;
    const alerts: string[] = [];
    const checker = createVersionChecker({
      currentVersion: '1.0.0',
      offeredVersion: async () => offered,
      onUpdateOffered: (v) => alerts.push(v),
      intervalMs: 60_000,
    });
    await checker.check();
    offered = '1.0.0';
    await checker.check();
    offered = '1.1.0';
    await checker.check();
    await checker.check();
    offered = '1.2.0';
    await checker.check();
    expect(alerts).toEqual(['1.1.0', '1.2.0']);
  });

  it('survives a failed check', async () => {
    const errors: string[] = [];
    const checker = createVersionChecker({
      currentVersion: '1.0.0',
      offeredVersion: async () => {
        throw new Error('offline');
      },
      onUpdateOffered: () => {},
      intervalMs: 60_000,
      onError: (e) => errors.push(e.message),
    });
    await checker.check();
    expect(errors).toEqual(['offline']);
  });
});
