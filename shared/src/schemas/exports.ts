import { z } from 'zod';
import { collectionIdOrAllSchema, queryBooleanSchema } from './common.ts';
import { conversationStatusSchema } from './conversations.ts';
import { emptyAsAbsent, querySearchSchema } from './http.ts';

/**
 * CSV exports (issue 20; docs/design.md §7): RFC 4180 CSV in UTF-8 with a header row, streamed.
 *
 * GET /api/exports/leads?collectionId[&isExcluded][&search]   → exportLeadsQuerySchema / a CSV file
 * GET /api/exports/conversations?collectionId[&status][&search] → exportConversationsQuerySchema / a CSV file
 * GET /api/exports/campaigns/:id                              → idParamsSchema / a CSV file
 */

/**
 * Leads of one collection or of all (`all`, the default); `isExcluded` keeps one side only; `search`
 * keeps the leads whose name or profile link holds it, as the leads list's search box does.
 */
export const exportLeadsQuerySchema = z.object({
  collectionId: emptyAsAbsent(collectionIdOrAllSchema.default('all')),
  isExcluded: emptyAsAbsent(queryBooleanSchema.optional()),
  search: querySearchSchema,
});
export type ExportLeadsQuery = z.infer<typeof exportLeadsQuerySchema>;

/** The board's cards, filtered as the board filters them: collection, one column, the search box. */
export const exportConversationsQuerySchema = z.object({
  collectionId: emptyAsAbsent(collectionIdOrAllSchema.default('all')),
  status: emptyAsAbsent(conversationStatusSchema.optional()),
  search: querySearchSchema,
});
export type ExportConversationsQuery = z.infer<typeof exportConversationsQuerySchema>;

/** The response header that names how many data rows the file will hold, when the server knows it cheaply. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
