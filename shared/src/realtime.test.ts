import { describe, expect, expectTypeOf, it } from 'vitest';
import { REALTIME_KINDS } from './constants/events.ts';
import {
  type ClientToServerEvents,
  organizationRoom,
  type RealtimePayload,
  realtimePayloadSchemas,
  SERVER_EVENT_NAMES,
  type ServerToClientEvents,
  socketHandshakeSchema,
} from './realtime.ts';

describe('realtime events', () => {
  it('has one event per realtime kind, plus import progress, executor wake-ups, locator updates and data changes', () => {
    expect([...SERVER_EVENT_NAMES].sort()).toEqual(
      [
        ...REALTIME_KINDS,
        'leads-import-progress',
        'executor-wake',
        'locators-updated',
        'data-changed',
      ].sort(),
    );
  });

  it('takes a data change with its areas and a tab id, and no tab id that is not one', () => {
    const s = realtimePayloadSchemas['data-changed'];
    expect(s.parse({ areas: ['board'], origin: 'a1b2c3d4e5f6a1b2c3d4e5f6' }).origin).toBe(
      'a1b2c3d4e5f6a1b2c3d4e5f6',
    );
    expect(s.parse({ areas: ['leads', 'collections'], origin: null }).areas).toEqual([
      'leads',
      'collections',
    ]);
    expect(s.safeParse({ areas: [], origin: null }).success).toBe(false);
    expect(s.safeParse({ areas: ['people'], origin: null }).success).toBe(false);
    expect(s.safeParse({ areas: ['board'], origin: '<script>' }).success).toBe(false);
  });

  it('parses each payload', () => {
    const s = realtimePayloadSchemas;
    expect(s.PROXY_TRAFFIC_UPDATE.parse({ remainingTraffic: '1048576' })).toEqual({
      remainingTraffic: '1048576',
    });
    expect(s.PROXY_TRAFFIC_UPDATE.safeParse({ remainingTraffic: 1048576 }).success).toBe(false);
    expect(s.LICENSE_UPDATE.parse({ licenseTill: null })).toEqual({ licenseTill: null });
    expect(s.LICENSE_UPDATE.parse({ licenseTill: '2030-01-01T00:00:00Z' }).licenseTill).toBe(
      '2030-01-01T00:00:00Z',
    );
    expect(s.PROFILES_ATTACHED.parse({ count: 3 })).toEqual({ count: 3 });
    expect(s['processed-finished'].parse({ handled: 4 })).toEqual({ handled: 4 });
    expect(s['profile-handled'].parse({ profileId: 7 })).toEqual({ profileId: 7 });
    expect(s['campaign-start'].parse({ campaignId: 1, profileIds: [7] })).toEqual({
      campaignId: 1,
      profileIds: [7],
    });
    expect(
      s['campaign-run-update'].parse({ campaignId: 1, profileId: null, stats: { friendRequest: 3 } }),
    ).toEqual({
      campaignId: 1,
      profileId: null,
      stats: { friendRequest: 3 },
    });
    expect(
      s['campaign-run-update'].safeParse({ campaignId: 1, profileId: 2, stats: { teleport: 1 } }).success,
    ).toBe(false);
    expect(s['campaign-status-update'].parse({ campaignId: 1, status: 'paused' }).status).toBe('paused');
    expect(s['campaign-status-update'].safeParse({ campaignId: 1, status: 'archived' }).success).toBe(false);
    const log = {
      id: 1,
      campaignId: 1,
      profileId: 7,
      leadId: 3,
      type: 'RESTRICTION',
      message: 'Rate limit notice',
      createdAt: '2024-05-01T10:00:00Z',
    };
    expect(s['campaign-log-created'].parse(log)).toEqual(log);
    const notice = {
      campaignId: 1,
      profileId: 7,
      level: 'danger',
      type: 'RESTRICTION',
      message: 'Paused',
      createdAt: log.createdAt,
    };
    expect(s['campaign-notice'].parse(notice)).toEqual(notice);
    const progress = {
      importId: 'imp1',
      collectionId: 2,
      processedRows: 1000,
      imported: 990,
      duplicates: 5,
      invalid: 5,
    };
    expect(s['leads-import-progress'].parse(progress)).toEqual(progress);
    expect(s['leads-import-progress'].safeParse({ ...progress, imported: -1 }).success).toBe(false);
  });

  it('types the socket.io event maps from the schemas', () => {
    expectTypeOf<Parameters<ServerToClientEvents['LICENSE_UPDATE']>[0]>().toEqualTypeOf<{
      licenseTill: string | null;
    }>();
    expectTypeOf<RealtimePayload<'profile-handled'>>().toEqualTypeOf<{ profileId: number }>();
    expectTypeOf<Parameters<ClientToServerEvents['processed-finished']>[0]>().toEqualTypeOf<{
      handled: number;
    }>();
  });
});

describe('socket handshake', () => {
  it('reads token and organizationId', () => {
    expect(socketHandshakeSchema.parse({ token: 'abc', organizationId: '4', EIO: '4' })).toEqual({
      token: 'abc',
      organizationId: 4,
    });
    expect(socketHandshakeSchema.parse({ organizationId: 4 })).toEqual({ organizationId: 4 });
  });

  it('refuses a missing or bad organizationId and an empty token', () => {
    expect(socketHandshakeSchema.safeParse({ token: 'abc' }).success).toBe(false);
    expect(socketHandshakeSchema.safeParse({ organizationId: 'all' }).success).toBe(false);
    expect(socketHandshakeSchema.safeParse({ token: '', organizationId: 4 }).success).toBe(false);
  });

  it('names the organisation room', () => {
    expect(organizationRoom(4)).toBe('org:4');
  });
});
