import type { ReachlyDesktopBridge } from '@reachly/shared/bridge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inDesktopApp } from './environment.ts';

describe('inDesktopApp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.reachlyDesktop;
  });

  it('is false in a normal browser', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/131.0.0.0 Safari/537.36' });
    expect(inDesktopApp()).toBe(false);
  });

  it('knows the shell by its user agent', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/131.0.0.0 Safari/537.36 Reachly/1.2.0' });
    expect(inDesktopApp()).toBe(true);
  });

  it('knows the shell by the bridge its preload exposes, whatever the user agent says', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/131.0.0.0 Safari/537.36' });
    const bridge: ReachlyDesktopBridge = {
      version: '1.2.0',
      platform: 'linux',
      request: () => Promise.reject(new Error('not in this test')),
    };
    window.reachlyDesktop = bridge;
    expect(inDesktopApp()).toBe(true);
  });
});
