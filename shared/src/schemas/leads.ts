import { z } from 'zod';
import { LEADS_FIRST_LAST_ID, LEADS_PAGE_SIZE } from '../constants/limits.ts';
import { collectionIdOrAllSchema, idSchema, isoDateSchema, queryBooleanSchema } from './common.ts';
import { countSchema, emptyAsAbsent, nullableTextSchema, queryIntSchema, querySearchSchema } from './http.ts';

/**
 * Leads (spec §3 Lead, §7 Leads; server issue).
 *
 * GET    /api/leads?collectionId&isExcluded&search&sort&cursor|lastId&limit → leadsQuerySchema / leadsListResponseSchema
 * POST   /api/leads/bulk {action, selection, targetCollectionId?} → bulkLeadsBodySchema / bulkLeadsResponseSchema
 * PATCH  /api/leads {id, isExcluded}                      → updateLeadBodySchema / leadSchema
 * POST   /api/leads {collectionId, leads}                 → createLeadsBodySchema / createLeadsResponseSchema
 * POST   /api/leads/import (multipart)                    → importLeadsFieldsSchema / importLeadsResponseSchema
 *        (one CSV row after header mapping: leadCsvRowSchema; headers: LEAD_CSV_HEADER_ALIASES)
 * DELETE /api/leads/clear?collectionId                    → clearLeadsQuerySchema / clearLeadsResponseSchema
 */

/** Largest page GET /api/leads serves. */
export const LEADS_PAGE_MAX = 200;
/** Most leads one POST /api/leads may carry. */
export const LEADS_BULK_MAX = 10_000;
/** How many invalid CSV lines an import answer lists (the rest are only counted). */
export const LEADS_IMPORT_INVALID_LIST_MAX = 100;
export const PROFILE_URL_MAX_LENGTH = 1000;
export const AVATAR_URL_MAX_LENGTH = 2000;
export const LEAD_NAME_MAX_LENGTH = 200;
export const LEAD_PART_NAME_MAX_LENGTH = 150;
export const LEAD_SOURCE_MAX_LENGTH = 50;

const STRIPPED_HOST_PREFIXES = ['www.', 'm.'];

/**
 * The one spelling of a profile link under which a lead is stored and de-duplicated.
 *
 * Lower-cases the host (URL does it), strips a leading `www.` / `m.`, drops credentials, the hash and
 * the query, except the `id` parameter of a `profile.php`-style link, and drops trailing slashes.
 * The scheme (http or https) and a non-default port are kept: the sandbox network runs on plain
 * http on localhost. Answers null when the text is not an absolute http(s) URL, and for a
 * `profile.php` link without an `id` (it names nobody).
 */
export function normalizeProfileUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  let hostname = parsed.hostname;
  for (let again = true; again; ) {
    again = false;
    for (const prefix of STRIPPED_HOST_PREFIXES) {
      if (hostname.startsWith(prefix) && hostname.length > prefix.length) {
        hostname = hostname.slice(prefix.length);
        again = true;
      }
    }
  }
  if (hostname === '') return null;
  const port = parsed.port === '' ? '' : `:${parsed.port}`;
  const path = parsed.pathname.replace(/\/+$/, '');
  let query = '';
  if (/\/profile\.php$/i.test(path)) {
    const id = parsed.searchParams.get('id')?.trim();
    if (!id) return null;
    query = `?id=${encodeURIComponent(id)}`;
  }
  return `${parsed.protocol}//${hostname}${port}${path}${query}`;
}

/** A profile link, normalised with normalizeProfileUrl; anything else fails. */
export const profileUrlSchema = z
  .string({ error: 'Profile URL must be a string' })
  .max(PROFILE_URL_MAX_LENGTH, `Profile URL must be at most ${PROFILE_URL_MAX_LENGTH} characters`)
  .transform((value, ctx) => {
    const normalized = normalizeProfileUrl(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: 'Profile URL must be an http(s) link to a profile' });
      return z.NEVER;
    }
    return normalized;
  });

/** An avatar image link (absolute http(s)); empty = null. */
const avatarUrlSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, `Avatar URL must be at most ${AVATAR_URL_MAX_LENGTH} characters`)
  .nullable()
  .transform((s, ctx) => {
    if (s === null || s === '') return null;
    if (!/^https?:\/\/\S+$/i.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Avatar URL must be an http(s) link' });
      return z.NEVER;
    }
    return s;
  });

/** A lead as every leads response carries it. */
export const leadSchema = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  profileUrl: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** null = not known yet (imported or added by hand): the executor learns it on its first visit. */
  hasMessageButton: z.boolean().nullable(),
  isExcluded: z.boolean(),
  shouldSkip: z.boolean(),
  /** Where the lead came from: 'manual', 'import', 'collect:<campaignId>', ... */
  source: z.string().nullable(),
  friendRequestSentAt: isoDateSchema.nullable(),
  messageSentAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  /**
   * The imported CSV's columns other than the lead's own (LEAD_CSV_FIELDS), by header as written
   * (trimmed), e.g. `{ "Company": "Acme" }`; `{}` for a lead added any other way.
   */
  fields: z.record(z.string(), z.string()),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * The orders GET /api/leads pages in. `oldest` (id ascending) is the default, so that `lastId`
 * keeps its meaning for callers that send no sort (and the dashboard opens on it, as before). The name
 * sorts compare lower(coalesce(name, '')) in the database's collation, then id: a nameless lead
 * comes first from A to Z and last from Z to A.
 */
export const LEADS_SORTS = ['newest', 'oldest', 'name-asc', 'name-desc'] as const;
export const leadsSortSchema = z.enum(LEADS_SORTS, {
  error: `Sort must be one of ${LEADS_SORTS.join(', ')}`,
});
export type LeadsSort = z.infer<typeof leadsSortSchema>;

/** Whether a sort's keyset holds a name key besides the id. */
export const isNameSort = (sort: LeadsSort) => sort === 'name-asc' || sort === 'name-desc';

/** Where the next page starts: the sort it belongs to, the last lead's sort key (name sorts) and id. */
const leadsCursorSchema = z.object({
  sort: leadsSortSchema,
  key: z
    .string()
    .max(LEAD_NAME_MAX_LENGTH * 2)
    .optional(),
  id: z.number().int().min(0).max(2_147_483_647),
});
export type LeadsCursor = z.infer<typeof leadsCursorSchema>;

/** The cursor as it travels (the `nextCursor` of an answer, the `cursor` of the next request). */
export const encodeLeadsCursor = (cursor: LeadsCursor): string => JSON.stringify(cursor);

const cursorTextSchema = z
  .string()
  .max(1000, 'Cursor is too long')
  .transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = leadsCursorSchema.safeParse(value);
    if (!parsed.success || isNameSort(parsed.data.sort) !== (parsed.data.key !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Cursor is malformed: send back the nextCursor of the last page',
      });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * GET /api/leads. `collectionId` may be `all` (absent = all); `isExcluded` absent = both sides;
 * `search` matches name or profile link, case-insensitively. Paging: `cursor` (the previous
 * answer's nextCursor, for any sort), or for the id sorts `lastId`, the id of the last lead shown
 * (-1 = first page).
 */
export const leadsQuerySchema = z
  .object({
    collectionId: emptyAsAbsent(collectionIdOrAllSchema.default('all')),
    lastId: queryIntSchema(LEADS_FIRST_LAST_ID, 2_147_483_647, LEADS_FIRST_LAST_ID),
    isExcluded: emptyAsAbsent(queryBooleanSchema.optional()),
    limit: queryIntSchema(1, LEADS_PAGE_MAX, LEADS_PAGE_SIZE),
    search: querySearchSchema,
    sort: emptyAsAbsent(leadsSortSchema.default('oldest')),
    cursor: emptyAsAbsent(cursorTextSchema.optional()),
  })
  .superRefine((query, ctx) => {
    if (query.cursor && query.cursor.sort !== query.sort) {
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: `Cursor belongs to sort ${query.cursor.sort}`,
      });
    }
    if (query.lastId !== LEADS_FIRST_LAST_ID && (query.cursor || isNameSort(query.sort))) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastId'],
        message: 'lastId pages only the id sorts without a cursor',
      });
    }
  });
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;

export const leadsListResponseSchema = z.object({
  leads: z.array(leadSchema),
  /** How many leads match the query's collection, isExcluded and search, over all pages. */
  totalCount: countSchema,
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LeadsListResponse = z.infer<typeof leadsListResponseSchema>;

export const updateLeadBodySchema = z.object({
  id: idSchema,
  isExcluded: z.boolean({ error: 'isExcluded must be true or false' }),
});
export type UpdateLeadBody = z.infer<typeof updateLeadBodySchema>;

/** One lead of POST /api/leads. Only profileUrl is required. */
export const leadInputSchema = z.object({
  profileUrl: profileUrlSchema,
  name: nullableTextSchema(LEAD_NAME_MAX_LENGTH, 'Name').default(null),
  firstName: nullableTextSchema(LEAD_PART_NAME_MAX_LENGTH, 'First name').default(null),
  lastName: nullableTextSchema(LEAD_PART_NAME_MAX_LENGTH, 'Last name').default(null),
  avatarUrl: avatarUrlSchema.default(null),
  hasMessageButton: z.boolean().nullable().default(null),
  source: nullableTextSchema(LEAD_SOURCE_MAX_LENGTH, 'Source').default(null),
});
export type LeadInput = z.infer<typeof leadInputSchema>;

export const createLeadsBodySchema = z.object({
  collectionId: idSchema,
  leads: z
    .array(leadInputSchema)
    .min(1, 'Send at least one lead')
    .max(LEADS_BULK_MAX, `Send at most ${LEADS_BULK_MAX} leads per call`),
});
export type CreateLeadsBody = z.infer<typeof createLeadsBodySchema>;

/** `duplicates` counts leads already in the collection and repeats inside the same call. */
export const createLeadsResponseSchema = z.object({ created: countSchema, duplicates: countSchema });
export type CreateLeadsResponse = z.infer<typeof createLeadsResponseSchema>;

/** A client-chosen id that ties an import to its leads-import-progress pushes. */
export const importIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Import id may hold only letters, digits, _ and -');

/**
 * The text fields of POST /api/leads/import (multipart; the `file` part is the CSV and is streamed,
 * not described here). `importId` is optional: without it the server makes one up.
 */
export const importLeadsFieldsSchema = z.object({
  collectionId: idSchema,
  shouldClear: emptyAsAbsent(queryBooleanSchema.default(false)),
  importId: emptyAsAbsent(importIdSchema.optional()),
});
export type ImportLeadsFields = z.infer<typeof importLeadsFieldsSchema>;

/** One refused CSV line: its 1-based line number in the file (the header is line 1) and why. */
export const invalidLeadLineSchema = z.object({
  line: z.number().int().positive(),
  reason: z.string(),
});
export type InvalidLeadLine = z.infer<typeof invalidLeadLineSchema>;

export const importLeadsResponseSchema = z.object({
  importId: importIdSchema,
  imported: countSchema,
  duplicates: countSchema,
  /** The first 100 invalid lines; invalidCount counts them all. */
  invalid: z.array(invalidLeadLineSchema).max(LEADS_IMPORT_INVALID_LIST_MAX),
  invalidCount: countSchema,
});
export type ImportLeadsResponse = z.infer<typeof importLeadsResponseSchema>;

/** DELETE /api/leads/clear: one real collection (not `all`: clearing every lead is not offered). */
export const clearLeadsQuerySchema = z.object({ collectionId: idSchema });
export type ClearLeadsQuery = z.infer<typeof clearLeadsQuerySchema>;
export const clearLeadsResponseSchema = z.object({ deleted: countSchema });
export type ClearLeadsResponse = z.infer<typeof clearLeadsResponseSchema>;

// ---- CSV import -------------------------------------------------------------------------------

export const LEAD_CSV_FIELDS = ['profileUrl', 'name', 'firstName', 'lastName'] as const;
export type LeadCsvField = (typeof LEAD_CSV_FIELDS)[number];

/**
 * Accepted CSV headers per lead field, in normalised form (see normalizeCsvHeader: lower case,
 * letters and digits only, so `Profile URL`, `profile_url` and `profileUrl` all read `profileurl`).
 */
export const LEAD_CSV_HEADER_ALIASES: Readonly<Record<LeadCsvField, readonly string[]>> = {
  profileUrl: ['url', 'profileurl', 'link', 'profilelink', 'profile'],
  name: ['name', 'fullname'],
  firstName: ['firstname', 'givenname'],
  lastName: ['lastname', 'surname', 'familyname'],
};

/** A header cell in the form LEAD_CSV_HEADER_ALIASES uses (strips a UTF-8 BOM too). */
export function normalizeCsvHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The lead field a CSV header names, or null for a column the import ignores. */
export function leadCsvFieldForHeader(header: string): LeadCsvField | null {
  const normalized = normalizeCsvHeader(header);
  for (const field of LEAD_CSV_FIELDS) {
    if (LEAD_CSV_HEADER_ALIASES[field].includes(normalized)) return field;
  }
  return null;
}

/**
 * One CSV row after header mapping (`{profileUrl, name?, firstName?, lastName?}` as strings).
 * The url is normalised; empty cells are null; a missing name is made from first and last name.
 */
export const leadCsvRowSchema = z
  .object({
    profileUrl: z
      .string({ error: 'Missing profile URL' })
      .trim()
      .min(1, 'Missing profile URL')
      .pipe(profileUrlSchema),
    name: nullableTextSchema(LEAD_NAME_MAX_LENGTH, 'Name').default(null),
    firstName: nullableTextSchema(LEAD_PART_NAME_MAX_LENGTH, 'First name').default(null),
    lastName: nullableTextSchema(LEAD_PART_NAME_MAX_LENGTH, 'Last name').default(null),
  })
  .transform((row) => {
    if (row.name !== null) return row;
    const joined = [row.firstName, row.lastName].filter((s) => s !== null).join(' ');
    return { ...row, name: joined === '' ? null : joined };
  });
export type LeadCsvRow = z.infer<typeof leadCsvRowSchema>;
