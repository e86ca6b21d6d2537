import { describe, expect, it } from 'vitest';
import { machineDataSchema, userResponseSchema } from './account.ts';
import { trafficSchema } from './user.ts';

const user = {
  id: 1,
  email: 'anna@example.com',
  data: { email: 'anna@example.com' },
  accessToken: 'tok',
  isBanned: false,
  organizationId: 4,
  license: { plan: 'trial', isTrial: true, licenseTill: '2030-01-01T00:00:00Z' },
  areProfilesGiven: false,
  paymentTexts: [{ method: 'ZELLE', text: 'Send to pay@example.com' }],
};

const machine = {
  machineId: 'm-123',
  reachlyVersion: '1.4.0',
  extensionVersion: '0.9.1',
  platform: 'windows',
  OS: 'Windows 11',
};

describe('GET /api/user', () => {
  it('carries offeredDesktopVersion', () => {
    expect(userResponseSchema.parse({ ...user, offeredDesktopVersion: '1.5.0' }).offeredDesktopVersion).toBe(
      '1.5.0',
    );
    expect(
      userResponseSchema.parse({ ...user, offeredDesktopVersion: null }).offeredDesktopVersion,
    ).toBeNull();
    expect(userResponseSchema.safeParse(user).success).toBe(false);
  });

  it('reads traffic as big integers in strings', () => {
    const traffic = { trafficLimit: '1073741824', usedTraffic: '0', remainingTraffic: '1073741824' };
    expect(trafficSchema.parse(traffic)).toEqual(traffic);
    expect(trafficSchema.safeParse({ ...traffic, usedTraffic: 12 }).success).toBe(false);
  });
});

describe('PATCH /api/user/machineData', () => {
  it('accepts machine data', () => {
    expect(machineDataSchema.parse({ ...machine, extra: 'dropped' })).toEqual(machine);
    expect(machineDataSchema.parse({ ...machine, extensionVersion: null }).extensionVersion).toBeNull();
  });

  it('refuses missing or oversized fields', () => {
    const { machineId: _m, ...noId } = machine;
    expect(machineDataSchema.safeParse(noId).error?.issues[0]?.message).toBe('machineId must be a string');
    expect(machineDataSchema.safeParse({ ...machine, machineId: ' ' }).error?.issues[0]?.message).toBe(
      'machineId must not be empty',
    );
    expect(machineDataSchema.safeParse({ ...machine, reachlyVersion: '1'.repeat(51) }).success).toBe(false);
    expect(machineDataSchema.safeParse({ ...machine, OS: 11 }).success).toBe(false);
  });
});
