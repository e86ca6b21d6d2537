import { describe, expect, it } from 'vitest';
import { createManualSurfingWatch, HOLD_MS, REPORT_EVERY_MS } from './manual-surfing.ts';

describe('browsing by hand', () => {
  it('holds the automation back after a person opens a network page in another tab, and tells the server once in a while', async () => {
    let clock = 1_000_000;
    const reported: string[] = [];
    const watch = createManualSurfingWatch({
      drivenTabId: () => 1,
      networkOrigin: async () => 'http://network.test',
      report: async (path) => reported.push(path),
      now: () => clock,
    });
    await watch.onTabUrl(1, 'http://network.test/people/ann'); // the automation's own tab
    await watch.onTabUrl(2, 'http://elsewhere.test/news'); // another site
    expect(watch.holdMs()).toBe(0);
    await watch.onTabUrl(2, 'http://network.test/people/bo?ref=feed');
    expect(watch.holdMs()).toBe(HOLD_MS);
    clock += 60_000;
    await watch.onTabUrl(2, 'http://network.test/messages');
    expect(reported).toEqual(['/people/bo']);
    clock += REPORT_EVERY_MS;
    await watch.onTabUrl(3, 'http://network.test/feed');
    expect(reported).toEqual(['/people/bo', '/feed']);
    clock += HOLD_MS;
    expect(watch.holdMs()).toBe(0);
  });
});
