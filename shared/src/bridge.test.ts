import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BRIDGE_TIMEOUTS_MS,
  BRIDGE_VERBS,
  type BridgeRequest,
  type BridgeRequestMap,
  type BridgeResponseMap,
  type BridgeResult,
  bridgeEventName,
  bridgeRequestSchemas,
  bridgeResultName,
  bridgeResultSchemas,
  parseBridgeEventName,
} from './bridge.ts';
import { DESKTOP_EVENTS } from './constants/product.ts';
import { PROXY_ADDRESS_MESSAGE } from './schemas/profiles.ts';

describe('bridge event names', () => {
  it('names requests and results', () => {
    expect(bridgeEventName('get-machine-data')).toBe('reachly-get-machine-data');
    expect(bridgeResultName('get-machine-data')).toBe('reachly-get-machine-data-result');
    expect(bridgeEventName('get-proxy-timezone')).toBe('reachly-get-proxy-timezone');
    expect(bridgeResultName('show-update-alert')).toBe('reachly-show-update-alert-result');
  });

  it('reuses the desktop event names', () => {
    expect(bridgeEventName('start-app')).toBe(DESKTOP_EVENTS.startApp);
    expect(bridgeEventName('page-loaded')).toBe(DESKTOP_EVENTS.pageLoaded);
    expect(bridgeEventName('show-update-alert')).toBe(DESKTOP_EVENTS.showUpdateAlert);
  });

  it('reads names back', () => {
    expect(parseBridgeEventName('reachly-start-app')).toEqual({ verb: 'start-app', isResult: false });
    expect(parseBridgeEventName('reachly-get-proxy-timezone-result')).toEqual({
      verb: 'get-proxy-timezone',
      isResult: true,
    });
    expect(parseBridgeEventName('reachly-unknown')).toBeNull();
    for (const verb of BRIDGE_VERBS) {
      expect(parseBridgeEventName(bridgeResultName(verb))).toEqual({ verb, isResult: true });
    }
  });

  it('waits 10 s for a proxy timezone', () => {
    expect(BRIDGE_TIMEOUTS_MS['get-proxy-timezone']).toBe(10_000);
    expect(BRIDGE_TIMEOUTS_MS['start-app']).toBeNull();
  });
});

describe('bridge payloads', () => {
  it('parses requests with their requestId', () => {
    expect(bridgeRequestSchemas['get-machine-data'].parse({ requestId: 'r1' })).toEqual({ requestId: 'r1' });
    expect(bridgeRequestSchemas['start-app'].parse({ requestId: 'r2', accessToken: 'tok' })).toEqual({
      requestId: 'r2',
      accessToken: 'tok',
    });
    expect(
      bridgeRequestSchemas['show-update-alert'].parse({ requestId: 'r3', offeredVersion: '1.5.0' }),
    ).toEqual({
      requestId: 'r3',
      offeredVersion: '1.5.0',
    });
    expect(
      bridgeRequestSchemas['get-proxy-timezone'].parse({
        requestId: 'r4',
        HTTPProxyAddress: '10.0.0.1:8080',
        proxyLogin: 'bob',
      }),
    ).toEqual({ requestId: 'r4', HTTPProxyAddress: '10.0.0.1:8080', proxyLogin: 'bob', proxyPassword: null });
  });

  it('refuses requests without requestId or with a bad proxy', () => {
    expect(bridgeRequestSchemas['page-loaded'].safeParse({}).success).toBe(false);
    expect(bridgeRequestSchemas['start-app'].safeParse({ requestId: 'r', accessToken: '' }).success).toBe(
      false,
    );
    expect(
      bridgeRequestSchemas['get-proxy-timezone'].safeParse({ requestId: 'r', HTTPProxyAddress: 'bad' }).error
        ?.issues[0]?.message,
    ).toBe(PROXY_ADDRESS_MESSAGE);
    expect(
      bridgeRequestSchemas['get-proxy-timezone'].safeParse({ requestId: 'r', HTTPProxyAddress: '' }).error
        ?.issues[0]?.message,
    ).toBe('A proxy address is needed');
  });

  it('parses successful and failed results', () => {
    const machine = {
      requestId: 'r1',
      ok: true,
      machineId: 'm1',
      reachlyVersion: '1.4.0',
      extensionVersion: null,
      platform: 'linux',
      OS: 'Ubuntu 24.04',
    };
    expect(bridgeResultSchemas['get-machine-data'].parse(machine)).toEqual(machine);
    expect(
      bridgeResultSchemas['get-proxy-timezone'].parse({
        requestId: 'r4',
        ok: true,
        timezone: 'europe/berlin',
      }),
    ).toEqual({ requestId: 'r4', ok: true, timezone: 'Europe/Berlin' });
    const failed = { requestId: 'r4', ok: false, error: 'Proxy did not answer' };
    expect(bridgeResultSchemas['get-proxy-timezone'].parse(failed)).toEqual(failed);
    expect(bridgeResultSchemas['start-app'].parse({ requestId: 'r2', ok: true })).toEqual({
      requestId: 'r2',
      ok: true,
    });
    expect(
      bridgeResultSchemas['get-proxy-timezone'].safeParse({
        requestId: 'r4',
        ok: true,
        timezone: 'Mars/Base',
      }).success,
    ).toBe(false);
    expect(bridgeResultSchemas['get-machine-data'].safeParse({ requestId: 'r1', ok: true }).success).toBe(
      false,
    );
  });

  it('types the maps', () => {
    expectTypeOf<BridgeRequest<'start-app'>>().toEqualTypeOf<{ requestId: string; accessToken: string }>();
    expectTypeOf<BridgeRequestMap['show-update-alert']>().toEqualTypeOf<{ offeredVersion: string }>();
    expectTypeOf<BridgeResponseMap['get-proxy-timezone']>().toEqualTypeOf<{ timezone: string }>();
    const ok: BridgeResult<'get-proxy-timezone'> = { requestId: 'r', ok: true, timezone: 'UTC' };
    const fail: BridgeResult<'get-proxy-timezone'> = { requestId: 'r', ok: false, error: 'x' };
    expect([ok.ok, fail.ok]).toEqual([true, false]);
    expectTypeOf<
      Extract<BridgeResult<'get-machine-data'>, { ok: true }>['machineId']
    >().toEqualTypeOf<string>();
    expectTypeOf<Extract<BridgeResult<'get-machine-data'>, { ok: false }>['error']>().toEqualTypeOf<string>();
  });
});
