import { describe, expect, it } from 'vitest';
import { formatLicenseDate, validityText } from './license-text.ts';

describe('licence texts', () => {
  it('writes the date with the month in words', () => {
    expect(formatLicenseDate('2031-06-15T12:00:00.000Z')).toBe('15 June 2031');
  });

  it('says valid till …, expired, or no licence', () => {
    const license = { plan: 'pro', isTrial: false, licenseTill: '2031-06-15T12:00:00.000Z' };
    expect(validityText(license, true)).toBe('valid till 15 June 2031');
    expect(validityText(license, false)).toBe('expired');
    expect(validityText({ ...license, licenseTill: null }, false)).toBe('no licence');
    expect(validityText(null, false)).toBe('no licence');
  });
});
