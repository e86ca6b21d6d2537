import { describe, expect, it } from 'vitest';
import { collectionIdOrAllSchema, queryBooleanSchema } from './common.ts';
import {
  deletedIdResponseSchema,
  idParamsSchema,
  nullableTextSchema,
  okResponseSchema,
  queryIntSchema,
  querySearchSchema,
} from './http.ts';

describe('query helpers', () => {
  it('reads query booleans, with "false" as false', () => {
    expect(queryBooleanSchema.parse('false')).toBe(false);
    expect(queryBooleanSchema.parse('0')).toBe(false);
    expect(queryBooleanSchema.parse('true')).toBe(true);
    expect(queryBooleanSchema.parse('1')).toBe(true);
    expect(queryBooleanSchema.safeParse('yes').success).toBe(false);
  });

  it('accepts the collection id "all" and numeric strings', () => {
    expect(collectionIdOrAllSchema.parse('all')).toBe('all');
    expect(collectionIdOrAllSchema.parse('12')).toBe(12);
    expect(collectionIdOrAllSchema.safeParse('All').success).toBe(false);
    expect(collectionIdOrAllSchema.safeParse('0').success).toBe(false);
  });

  it('bounds query integers and defaults an absent or empty one', () => {
    const limit = queryIntSchema(1, 200, 20);
    expect(limit.parse(undefined)).toBe(20);
    expect(limit.parse('')).toBe(20);
    expect(limit.parse('200')).toBe(200);
    expect(limit.safeParse('201').success).toBe(false);
    expect(limit.safeParse('0').success).toBe(false);
    expect(limit.safeParse('2.5').success).toBe(false);
    expect(limit.safeParse('abc').success).toBe(false);
    expect(limit.safeParse(['5', '6']).success).toBe(false);
  });

  it('trims search text, treats empty as absent and bounds its length', () => {
    expect(querySearchSchema.parse('  anna ')).toBe('anna');
    expect(querySearchSchema.parse('')).toBeUndefined();
    expect(querySearchSchema.parse('   ')).toBeUndefined();
    expect(querySearchSchema.parse(undefined)).toBeUndefined();
    expect(querySearchSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('parses route ids and simple answers', () => {
    expect(idParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(idParamsSchema.safeParse({ id: 'seven' }).success).toBe(false);
    expect(okResponseSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(okResponseSchema.safeParse({ ok: false }).success).toBe(false);
    expect(deletedIdResponseSchema.parse({ id: 3 })).toEqual({ id: 3 });
  });

  it('turns empty optional text into null', () => {
    const text = nullableTextSchema(5, 'Login');
    expect(text.parse('  ')).toBeNull();
    expect(text.parse(null)).toBeNull();
    expect(text.parse(' bob ')).toBe('bob');
    expect(text.safeParse('toolong').error?.issues[0]?.message).toBe('Login must be at most 5 characters');
  });
});
