import { z } from 'zod';
import { API_ERROR_CODES } from '../constants/messages.ts';

/** Ids are positive integers (DESIGN.md §3); in a query they arrive as strings. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export type Id = z.infer<typeof idSchema>;

/** A collection id may also be the word `all` where the spec says so. */
export const collectionIdOrAllSchema = z.union([z.literal('all'), idSchema]);
export type CollectionIdOrAll = z.infer<typeof collectionIdOrAllSchema>;

/** A boolean query flag: `true`/`false`/`1`/`0`. (z.coerce.boolean would read 'false' as true.) */
export const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Big integers (traffic bytes) travel as decimal strings. */
export const bigIntStringSchema = z.string().regex(/^-?\d+$/, 'must be an integer in a string');

export const isoDateSchema = z.iso.datetime({ offset: true });

/** The error body of every failed API call (DESIGN.md §3). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
