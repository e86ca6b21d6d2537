import { describe, expect, it } from 'vitest';
import { isLicenseValid } from './license.ts';

const now = new Date('2025-06-01T12:00:00.000Z');

describe('isLicenseValid', () => {
  it('is valid before licenseTill', () => {
    expect(isLicenseValid({ licenseTill: '2025-06-08T12:00:00.000Z' }, now)).toBe(true);
    expect(isLicenseValid({ licenseTill: new Date('2025-06-01T12:00:00.001Z') }, now)).toBe(true);
  });
  it('is not valid exactly at licenseTill (strictly before)', () => {
    expect(isLicenseValid({ licenseTill: '2025-06-01T12:00:00.000Z' }, now)).toBe(false);
    expect(isLicenseValid({ licenseTill: new Date(now.getTime()) }, now)).toBe(false);
  });
  it('is not valid after licenseTill', () => {
    expect(isLicenseValid({ licenseTill: '2025-06-01T11:59:59.999Z' }, now)).toBe(false);
    expect(isLicenseValid({ licenseTill: '2024-01-01T00:00:00.000Z' }, now)).toBe(false);
  });
  it('is not valid without a licence or date', () => {
    expect(isLicenseValid(null, now)).toBe(false);
    expect(isLicenseValid(undefined, now)).toBe(false);
    expect(isLicenseValid({ licenseTill: null }, now)).toBe(false);
  });
  it('is not valid with an unparseable date', () => {
    expect(isLicenseValid({ licenseTill: 'not a date' }, now)).toBe(false);
    expect(isLicenseValid({ licenseTill: '' }, now)).toBe(false);
    expect(isLicenseValid({ licenseTill: new Date('nope') }, now)).toBe(false);
    expect(isLicenseValid({ licenseTill: '2030-01-01T00:00:00Z' }, new Date('nope'))).toBe(false);
  });
});
