import { z } from 'zod';
import { API_ERROR_CODES } from '../constants/messages.ts';

/**
 * zod's own messages ("Invalid input: expected string, received number") name no field, and the
 * page shows the server's message as is (spec §8). So every message zod writes itself starts with
 * the field's path ("email: Invalid email address"); messages a schema writes (such as
 * "Event type must be string") stay exactly as written. Set once here, where every schema file
 * imports from.
 */
const english = z.locales.en();
z.config({
  customError: (issue) => {
    const base = english.localeError(issue);
    const message = typeof base === 'string' ? base : base?.message;
    return issue.path?.length ? `${issue.path.join('.')}: ${message}` : message;
  },
});

/** Ids are positive integers (docs/design.md §3); in a query they arrive as strings. */
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

/** The largest value of a PostgreSQL bigint, which byte counts are stored in. */
export const BIGINT_MAX = 9_223_372_036_854_775_807n;

export const isoDateSchema = z.iso.datetime({ offset: true });

/** The error body of every failed API call (docs/design.md §3). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
