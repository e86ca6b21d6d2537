import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_FACEBOOK_LOCATORS, type LocatorTable } from '@reachly/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { currentLocators, locatorsChanged } from './locators.ts';

/** The locator table in force, against a real HTTP server on loopback that serves GET /api/locators. */
let server: Server;
let served: LocatorTable;
let requests = 0;

beforeEach(async () => {
  fakeBrowser.reset();
  requests = 0;
  served = DEFAULT_FACEBOOK_LOCATORS;
  server = createServer((req, res) => {
    if (req.method === 'GET') requests += 1;
    res.setHeader('content-type', 'application/json');
    // The extension's host permission spares it CORS; the test's page environment does not.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization');
    res.end(JSON.stringify(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const session = () => ({
  serverUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  accessToken: 'token',
  profileId: 1,
});

describe('the locator table in force', () => {
  it('asks the server before a step, not again within the refresh time, and again at once after a push', async () => {
    // The module's memory of its last look starts stale: the first step asks.
    locatorsChanged();
    expect((await currentLocators(session())).version).toBe(DEFAULT_FACEBOOK_LOCATORS.version);
    expect(requests).toBe(1);
    const next = structuredClone(DEFAULT_FACEBOOK_LOCATORS);
    next.version = DEFAULT_FACEBOOK_LOCATORS.version + 1;
    next.languages.en?.buttons.joinGroup.push('Join community');
    served = next;
    // Published on the server, but no push yet: the table in storage serves this step.
    expect((await currentLocators(session())).version).toBe(DEFAULT_FACEBOOK_LOCATORS.version);
    expect(requests).toBe(1);
    // The locators-updated push: the very next step reads the new table.
    locatorsChanged();
    const table = await currentLocators(session());
    expect(table.version).toBe(next.version);
    expect(table.languages.en?.buttons.joinGroup).toContain('Join community');
    expect(requests).toBe(2);
  });

  it('never goes back to a lower version than the one it holds', async () => {
    const newer = structuredClone(DEFAULT_FACEBOOK_LOCATORS);
    newer.version = DEFAULT_FACEBOOK_LOCATORS.version + 5;
    served = newer;
    locatorsChanged();
    expect((await currentLocators(session())).version).toBe(newer.version);
    served = { ...DEFAULT_FACEBOOK_LOCATORS, version: DEFAULT_FACEBOOK_LOCATORS.version + 1 };
    locatorsChanged();
    expect((await currentLocators(session())).version).toBe(newer.version);
  });
});
