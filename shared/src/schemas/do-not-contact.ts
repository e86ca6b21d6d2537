import { z } from 'zod';
import {
  DO_NOT_CONTACT_KINDS,
  DO_NOT_CONTACT_VALUE_MAX_LENGTH,
  normalizeDoNotContactValue,
} from '../logic/do-not-contact.ts';
import { isoDateSchema } from './common.ts';
import { countSchema, queryIntSchema, querySearchSchema } from './http.ts';

/**
 * The organisation's do-not-contact list (issue 17; what an entry matches: logic/do-not-contact.ts).
 *
 * GET    /api/do-not-contact?search&lastId&limit → doNotContactQuerySchema / doNotContactListSchema
 * POST   /api/do-not-contact {kind, value, note}   → addDoNotContactBodySchema / addedDoNotContactSchema
 * POST   /api/do-not-contact/import {csv}          → importDoNotContactBodySchema / doNotContactImportResultSchema
 * DELETE /api/do-not-contact/:id                   → deletedDoNotContactSchema
 */

export const DO_NOT_CONTACT_NOTE_MAX_LENGTH = 500;
export const DO_NOT_CONTACT_PAGE_MAX = 200;
/** The largest import file (text) the API takes. */
export const DO_NOT_CONTACT_IMPORT_MAX_CHARS = 1_000_000;
/** Most good lines one import may add. */
export const DO_NOT_CONTACT_IMPORT_MAX_ENTRIES = 10_000;
/** How many bad and duplicate lines an import answer lists (the rest are only counted). */
export const DO_NOT_CONTACT_IMPORT_LIST_MAX = 100;

export const doNotContactKindSchema = z.enum(DO_NOT_CONTACT_KINDS);

const noteSchema = z
  .string()
  .trim()
  .max(DO_NOT_CONTACT_NOTE_MAX_LENGTH, `Note must be at most ${DO_NOT_CONTACT_NOTE_MAX_LENGTH} characters`);

/** One entry to add; the value is normalised for its kind (a bad value is a 400 naming why). */
export const addDoNotContactBodySchema = z
  .strictObject({
    kind: doNotContactKindSchema,
    value: z
      .string()
      .max(DO_NOT_CONTACT_VALUE_MAX_LENGTH, `value: at most ${DO_NOT_CONTACT_VALUE_MAX_LENGTH} characters`),
    note: noteSchema.default(''),
  })
  .transform((body, ctx) => {
    const normalized = normalizeDoNotContactValue(body.kind, body.value);
    if (!normalized.ok) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `value: ${normalized.reason}` });
      return z.NEVER;
    }
    return { ...body, value: normalized.value };
  });
export type AddDoNotContactBody = z.infer<typeof addDoNotContactBodySchema>;

export const doNotContactEntrySchema = z.object({
  id: z.number().int(),
  kind: doNotContactKindSchema,
  value: z.string(),
  note: z.string(),
  /** Who added it: a member's email, or null when the engine did (a lead asked to stop). */
  addedBy: z.string().nullable(),
  createdAt: isoDateSchema,
});
export type DoNotContactEntry = z.infer<typeof doNotContactEntrySchema>;

export const doNotContactQuerySchema = z.object({
  search: querySearchSchema,
  /** The id of the last entry shown (newest first); 0 = the first page. */
  lastId: queryIntSchema(0, 2_147_483_647, 0),
  limit: queryIntSchema(1, DO_NOT_CONTACT_PAGE_MAX, 50),
});
export type DoNotContactQuery = z.infer<typeof doNotContactQuerySchema>;

export const doNotContactListSchema = z.object({
  entries: z.array(doNotContactEntrySchema),
  hasMore: z.boolean(),
  /** Entries of the list that match the search (all of them without one). */
  totalCount: countSchema,
});
export type DoNotContactList = z.infer<typeof doNotContactListSchema>;

export const addedDoNotContactSchema = z.object({
  entry: doNotContactEntrySchema,
  /** The same kind and value was on the list already: nothing was added, `entry` is that one. */
  alreadyListed: z.boolean(),
  /** Planned tasks of matching leads that will now not go out. */
  skippedTasks: countSchema,
});
export type AddedDoNotContact = z.infer<typeof addedDoNotContactSchema>;

export const deletedDoNotContactSchema = z.object({
  id: z.number().int(),
  /** Tasks this entry had stopped that are planned again (no other entry matches their lead). */
  restoredTasks: countSchema,
});

export const importDoNotContactBodySchema = z.strictObject({
  /** The file's text: `kind,value` lines, or a column per kind, each with a header row. */
  csv: z
    .string()
    .min(1, 'csv: the file is empty')
    .max(DO_NOT_CONTACT_IMPORT_MAX_CHARS, `csv: at most ${DO_NOT_CONTACT_IMPORT_MAX_CHARS} characters`),
  note: noteSchema.default(''),
});
export type ImportDoNotContactBody = z.infer<typeof importDoNotContactBodySchema>;

const importLineSchema = z.object({ line: z.number().int(), reason: z.string() });

export const doNotContactImportResultSchema = z.object({
  added: countSchema,
  duplicateCount: countSchema,
  /** Lines whose entry was on the list already, or earlier in the file (the first DO_NOT_CONTACT_IMPORT_LIST_MAX). */
  duplicates: z.array(importLineSchema),
  badCount: countSchema,
  /** Lines that could not be read, with why (the first DO_NOT_CONTACT_IMPORT_LIST_MAX). */
  bad: z.array(importLineSchema),
  skippedTasks: countSchema,
});
export type DoNotContactImportResult = z.infer<typeof doNotContactImportResultSchema>;
