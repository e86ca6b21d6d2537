import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Small building blocks shared by the route schemas of this folder.
 *
 * Query strings come from Express's `req.query`: every value is a string (or an array of strings
 * when a key repeats, which fails the number and enum schemas below). An empty value (`?search=`)
 * counts as absent, so `?lastId=` does not silently become 0.
 */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);
}

/** A bounded integer in a query string (`?limit=20`), with its default when absent or empty. */
export function queryIntSchema(min: number, max: number, defaultValue: number) {
  return emptyAsAbsent(z.coerce.number().int().min(min).max(max).default(defaultValue));
}

/** A free-text search box value: trimmed, at most 200 characters, absent when empty. */
export const SEARCH_MAX_LENGTH = 200;
export const querySearchSchema = emptyAsAbsent(
  z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
);

/** Route parameters `/:id`. */
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Answer of a call that has nothing else to say. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** Answer of a delete by id: the id that was deleted. */
export const deletedIdResponseSchema = z.object({ id: z.number().int() });
export type DeletedIdResponse = z.infer<typeof deletedIdResponseSchema>;

/** A count of rows (response fields such as totalCount). */
export const countSchema = z.number().int().nonnegative();

/**
 * Text of an entity that may be missing (a lead's name, a proxy login): trimmed, and empty means null.
 * Add `.optional()` (PATCH: absent = unchanged) or `.default(null)` (create: absent = null).
 */
export function nullableTextSchema(max: number, label = 'Text') {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((s) => (s === '' ? null : s));
}
