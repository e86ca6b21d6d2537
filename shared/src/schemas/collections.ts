import { z } from 'zod';
import { countSchema } from './http.ts';

/**
 * Lead collections (spec §3 Collection, §7 Collections; server issue).
 *
 * GET    /api/collections          → collectionsListResponseSchema (a bare array, the spec's "list")
 * POST   /api/collections {name}   → collectionSchema (400 empty name, 409 duplicate name)
 * PATCH  /api/collections/:id      → collectionSchema (params idParamsSchema, body renameCollectionBodySchema)
 * DELETE /api/collections/:id      → deletedIdResponseSchema (params idParamsSchema)
 */

export const COLLECTION_NAME_MAX_LENGTH = 100;

/** A collection name: trimmed, not empty, at most 100 characters. */
export const collectionNameSchema = z
  .string({ error: 'Collection name must be a string' })
  .trim()
  .min(1, 'Collection name must not be empty')
  .max(
    COLLECTION_NAME_MAX_LENGTH,
    `Collection name must be at most ${COLLECTION_NAME_MAX_LENGTH} characters`,
  );

/**
 * One real collection with its counters. `hasMessageButton`, `sentFriendRequests`, `sentMessages`
 * and `shouldSkip` count its leads; `profiles` counts its leads too (the spec's name for them).
 * The client derives availableToMessage and the aggregate "All" (logic/, not here).
 */
export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hasMessageButton: countSchema,
  profiles: countSchema,
  sentFriendRequests: countSchema,
  sentMessages: countSchema,
  shouldSkip: countSchema,
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionsListResponseSchema = z.array(collectionSchema);
export type CollectionsListResponse = z.infer<typeof collectionsListResponseSchema>;

export const createCollectionBodySchema = z.object({ name: collectionNameSchema });
export type CreateCollectionBody = z.infer<typeof createCollectionBodySchema>;

export const renameCollectionBodySchema = z.object({ name: collectionNameSchema });
export type RenameCollectionBody = z.infer<typeof renameCollectionBodySchema>;
