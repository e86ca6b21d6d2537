import { describe, expect, it } from 'vitest';
import {
  collectionSchema,
  collectionsListResponseSchema,
  createCollectionBodySchema,
  renameCollectionBodySchema,
} from './collections.ts';

const collection = {
  id: 1,
  name: 'Dentists',
  hasMessageButton: 10,
  profiles: 25,
  sentFriendRequests: 4,
  sentMessages: 3,
  shouldSkip: 1,
};

describe('collections', () => {
  it('parses a collection list', () => {
    expect(collectionsListResponseSchema.parse([collection])).toEqual([collection]);
    expect(collectionSchema.safeParse({ ...collection, profiles: -1 }).success).toBe(false);
    expect(collectionSchema.safeParse({ ...collection, name: undefined }).success).toBe(false);
  });

  it('trims the new name and refuses an empty or long one', () => {
    expect(createCollectionBodySchema.parse({ name: '  Dentists  ', extra: 1 })).toEqual({
      name: 'Dentists',
    });
    const empty = createCollectionBodySchema.safeParse({ name: '   ' });
    expect(empty.error?.issues[0]?.message).toBe('Collection name must not be empty');
    expect(createCollectionBodySchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(createCollectionBodySchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Collection name must be a string',
    );
  });

  it('renames with the same rules', () => {
    expect(renameCollectionBodySchema.parse({ name: 'Vets' })).toEqual({ name: 'Vets' });
    expect(renameCollectionBodySchema.safeParse({ name: '' }).success).toBe(false);
  });
});
