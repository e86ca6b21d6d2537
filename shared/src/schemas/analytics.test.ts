import { describe, expect, it } from 'vitest';
import { TEXTS } from '../constants/messages.ts';
import { EMIT_BODY_MAX_CHARS, emitBodySchema, noGuestIdEventSchema, summaryBodySchema } from './analytics.ts';

describe('POST /api/summary', () => {
  it('accepts the visit-counter keys', () => {
    expect(summaryBodySchema.parse({ key: 'uniqueVisits' })).toEqual({ key: 'uniqueVisits' });
    expect(summaryBodySchema.parse({ key: 'singedUp' })).toEqual({ key: 'singedUp' });
  });

  it('refuses an unknown or missing key', () => {
    expect(summaryBodySchema.safeParse({ key: 'signedUp' }).success).toBe(false);
    expect(summaryBodySchema.safeParse({ key: 'anything' }).error?.issues[0]?.path).toEqual(['key']);
    expect(summaryBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('POST /api/emit', () => {
  it('keeps extra fields and defaults source to client', () => {
    const body = {
      type: 'clientLoaded',
      url: 'https://reachly.app/',
      hasGuestId: true,
      mongoAttributes: { plan: 'trial' },
      screen: { w: 1280, h: 800 },
    };
    expect(emitBodySchema.parse(body)).toEqual({ ...body, source: 'client' });
  });

  it('fails with exactly "Event type must be string" when type is not a string', () => {
    for (const type of [5, null, undefined, { x: 1 }, ['a']]) {
      const result = emitBodySchema.safeParse({ type, source: 'client' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Event type must be string');
    }
    expect(TEXTS.eventTypeMustBeString).toBe('Event type must be string');
  });

  it('bounds the type and the whole body', () => {
    expect(emitBodySchema.safeParse({ type: '' }).error?.issues[0]?.message).toBe(
      'Event type must not be empty',
    );
    expect(emitBodySchema.safeParse({ type: 'x'.repeat(101) }).success).toBe(false);
    const big = emitBodySchema.safeParse({ type: 'clientLoaded', blob: 'x'.repeat(EMIT_BODY_MAX_CHARS) });
    expect(big.error?.issues[0]?.message).toBe('Event body must be at most 16384 characters of JSON');
    expect(emitBodySchema.safeParse({ type: 'clientLoaded', blob: 'x'.repeat(16_000) }).success).toBe(true);
  });

  it('accepts the noGuestId body and requires its guestId', () => {
    const body = { type: 'noGuestId', guestId: 'g-1', source: 'client', url: 'https://reachly.app/' };
    expect(emitBodySchema.parse(body)).toEqual(body);
    expect(noGuestIdEventSchema.parse(body)).toEqual(body);
    const missing = emitBodySchema.safeParse({ type: 'noGuestId', source: 'client' });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['guestId'],
      message: 'guestId must be a string',
    });
  });
});
