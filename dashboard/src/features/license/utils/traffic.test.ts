import { describe, expect, it } from 'vitest';
import {
  isTrafficExhausted,
  remainingTrafficText,
  shouldOpenTrafficEnded,
  trafficBreakdown,
} from './traffic.ts';

const GB = 1_073_741_824;

describe('traffic display', () => {
  it('shows the remaining traffic in GB with two decimals', () => {
    expect(
      remainingTrafficText(
        { trafficLimit: String(3 * GB), usedTraffic: String(GB / 2), remainingTraffic: '0' },
        false,
      ),
    ).toBe('2.50 GB');
  });

  it('applies the fallbacks of spec §5 when the traffic is unknown', () => {
    expect(remainingTrafficText(undefined, true)).toBe('0.10MB');
    // Otherwise the 1048576-byte default, which is 0.00 GB.
    expect(remainingTrafficText(undefined, false)).toBe('0.00 GB');
  });

  it('breaks the traffic down into limit, used and remaining', () => {
    expect(
      trafficBreakdown({
        trafficLimit: String(2 * GB),
        usedTraffic: String(GB),
        remainingTraffic: String(GB),
      }),
    ).toEqual({
      limit: '2.00 GB',
      used: '1.00 GB',
      remaining: '1.00 GB',
    });
  });

  it('is exhausted at 0 or less remaining, not while unknown', () => {
    expect(isTrafficExhausted({ remainingTraffic: '0' })).toBe(true);
    expect(isTrafficExhausted({ remainingTraffic: '-5' })).toBe(true);
    expect(isTrafficExhausted({ remainingTraffic: '1' })).toBe(false);
    expect(isTrafficExhausted(undefined)).toBe(false);
  });

  it('opens the traffic-ended popup only when the traffic runs out anew', () => {
    expect(shouldOpenTrafficEnded(false, true)).toBe(true);
    expect(shouldOpenTrafficEnded(true, true)).toBe(false);
    expect(shouldOpenTrafficEnded(true, false)).toBe(false);
    expect(shouldOpenTrafficEnded(false, false)).toBe(false);
  });
});
