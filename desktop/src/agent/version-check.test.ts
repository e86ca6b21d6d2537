import { describe, expect, it } from 'vitest';
import { createVersionChecker } from './version-check.ts';

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
