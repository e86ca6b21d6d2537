import { describe, expect, it } from 'vitest';
import {
  formatTrafficGb,
  isTrafficLimitReached,
  remainingTraffic,
  toTrafficBigInt,
  trafficDisplay,
} from './traffic.ts';

const GB = 1073741824n;

describe('toTrafficBigInt', () => {
  it('parses decimal strings, bigints and numbers', () => {
    expect(toTrafficBigInt('12345678901234567890')).toBe(12345678901234567890n);
    expect(toTrafficBigInt(5n)).toBe(5n);
    expect(toTrafficBigInt(42)).toBe(42n);
    expect(toTrafficBigInt('-7')).toBe(-7n);
  });
  it('gives null for missing or non-integer input', () => {
    expect(toTrafficBigInt(null)).toBeNull();
    expect(toTrafficBigInt(undefined)).toBeNull();
    expect(toTrafficBigInt('abc')).toBeNull();
    expect(toTrafficBigInt('1.5')).toBeNull();
    expect(toTrafficBigInt(Number.NaN)).toBeNull();
  });
});

describe('remainingTraffic', () => {
  it('is limit - used', () => {
    expect(remainingTraffic({ trafficLimit: '5368709120', usedTraffic: '1073741824' })).toBe(4294967296n);
  });
  it('handles values beyond 2^53 exactly', () => {
    expect(remainingTraffic({ trafficLimit: '9007199254740993', usedTraffic: '1' })).toBe(9007199254740992n);
  });
  it('may be negative', () => {
    expect(remainingTraffic({ trafficLimit: 100n, usedTraffic: 250n })).toBe(-150n);
  });
  it('defaults to 1048576 bytes when either value is missing', () => {
    expect(remainingTraffic({})).toBe(1048576n);
    expect(remainingTraffic({ trafficLimit: '5000', usedTraffic: null })).toBe(1048576n);
    expect(remainingTraffic({ trafficLimit: undefined, usedTraffic: '10' })).toBe(1048576n);
  });
});

describe('isTrafficLimitReached', () => {
  it('is reached at 0 or less', () => {
    expect(isTrafficLimitReached(0n)).toBe(true);
    expect(isTrafficLimitReached(-1n)).toBe(true);
    expect(isTrafficLimitReached('0')).toBe(true);
  });
  it('is not reached with 1 byte left', () => {
    expect(isTrafficLimitReached(1n)).toBe(false);
    expect(isTrafficLimitReached('1048576')).toBe(false);
  });
});

describe('formatTrafficGb', () => {
  it('formats whole gigabytes with two decimals', () => {
    expect(formatTrafficGb(GB)).toBe('1.00 GB');
    expect(formatTrafficGb(0n)).toBe('0.00 GB');
    expect(formatTrafficGb(10n * GB)).toBe('10.00 GB');
  });
  it('formats fractions', () => {
    expect(formatTrafficGb(GB + GB / 2n)).toBe('1.50 GB');
    expect(formatTrafficGb(GB / 4n)).toBe('0.25 GB');
    // the 1 MB default is 0.0009765625 GB
    expect(formatTrafficGb(1048576n)).toBe('0.00 GB');
  });
  it('rounds half up', () => {
    // 0.005 GB exactly = 5368709.12 bytes; 5368710 bytes is just above the half
    expect(formatTrafficGb(5368710n)).toBe('0.01 GB');
    expect(formatTrafficGb(5368709n)).toBe('0.00 GB');
    // 1.995 GB = 2142114938.88 bytes; rounds up to 2.00
    expect(formatTrafficGb(2142114939n)).toBe('2.00 GB');
    expect(formatTrafficGb(2142114938n)).toBe('1.99 GB');
  });
  it('rounds an exact half up', () => {
    // 1.125 GB = 1207959552 bytes exactly: half-up gives 1.13 (banker's rounding would give 1.12)
    expect(formatTrafficGb(1207959552n)).toBe('1.13 GB');
  });
  it('is exact beyond 2^53', () => {
    // 2^60 bytes = 2^30 GB = 1073741824 GB
    expect(formatTrafficGb(2n ** 60n)).toBe('1073741824.00 GB');
    expect(formatTrafficGb((2n ** 60n).toString())).toBe('1073741824.00 GB');
    expect(formatTrafficGb(2n ** 60n + GB / 2n)).toBe('1073741824.50 GB');
  });
  it('shows negatives as 0.00 GB', () => {
    expect(formatTrafficGb(-5n * GB)).toBe('0.00 GB');
    expect(formatTrafficGb('-1')).toBe('0.00 GB');
  });
  it('accepts strings and numbers', () => {
    expect(formatTrafficGb('3221225472')).toBe('3.00 GB');
    expect(formatTrafficGb(2147483648)).toBe('2.00 GB');
  });
});

describe('trafficDisplay', () => {
  it('shows the fallback text in fallback mode when neither value is present', () => {
    expect(trafficDisplay({}, { fallbackMode: true })).toBe('0.10MB');
    expect(trafficDisplay({ trafficLimit: null, usedTraffic: null }, { fallbackMode: true })).toBe('0.10MB');
  });
  it('shows the default remaining in GB outside fallback mode', () => {
    expect(trafficDisplay({}, { fallbackMode: false })).toBe('0.00 GB');
  });
  it('shows remaining traffic when values are present, even in fallback mode', () => {
    const info = { trafficLimit: (3n * GB).toString(), usedTraffic: (GB / 2n).toString() };
    expect(trafficDisplay(info, { fallbackMode: true })).toBe('2.50 GB');
    expect(trafficDisplay(info, { fallbackMode: false })).toBe('2.50 GB');
  });
  it('does not use the fallback text when only one value is present', () => {
    expect(trafficDisplay({ trafficLimit: '5368709120' }, { fallbackMode: true })).toBe('0.00 GB');
  });
  it('shows an overdrawn allowance as 0.00 GB', () => {
    expect(trafficDisplay({ trafficLimit: GB, usedTraffic: 2n * GB }, { fallbackMode: false })).toBe(
      '0.00 GB',
    );
  });
});
