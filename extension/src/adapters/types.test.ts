import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

describe('the test environment', () => {
  it('has the fake browser and a DOM', async () => {
    await fakeBrowser.storage.local.set({ a: 1 });
    expect(await fakeBrowser.storage.local.get('a')).toEqual({ a: 1 });
    expect(document.createElement('div')).toBeTruthy();
  });
});
