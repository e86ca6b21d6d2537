import { z } from 'zod';
import { collectionIdOrAllSchema, idSchema } from './common.ts';
import { countSchema, querySearchSchema } from './http.ts';

/**
 * Bulk actions on leads (issue 19, leads at scale).
 *
 * POST /api/leads/bulk {action, selection, targetCollectionId?} → bulkLeadsBodySchema / bulkLeadsResponseSchema
 */

/** Most ids one POST /api/leads/bulk may name (beyond: select by filter). */
export const LEADS_BULK_IDS_MAX = 5000;

/** The leads a list filter names, as "select all N matching" sends it. */
export const leadsFilterSchema = z.object({
  collectionId: collectionIdOrAllSchema,
  isExcluded: z.boolean().optional(),
  search: querySearchSchema,
});
export type LeadsFilter = z.infer<typeof leadsFilterSchema>;

/** Either the ids chosen one by one (another organisation's are left untouched) or a filter. */
export const leadsSelectionSchema = z
  .strictObject({
    ids: z
      .array(idSchema)
      .min(1, 'Select at least one lead')
      .max(LEADS_BULK_IDS_MAX, `Select at most ${LEADS_BULK_IDS_MAX} leads by id, or select by filter`)
      .optional(),
    filter: leadsFilterSchema.optional(),
  })
  .refine((s) => (s.ids === undefined) !== (s.filter === undefined), 'Selection must be {ids} or {filter}');
export type LeadsSelection = z.infer<typeof leadsSelectionSchema>;

export const LEADS_BULK_ACTIONS = ['exclude', 'include', 'delete', 'move', 'copy'] as const;
export type LeadsBulkAction = (typeof LEADS_BULK_ACTIONS)[number];

/** POST /api/leads/bulk: one action on the selection; move and copy name their target collection. */
export const bulkLeadsBodySchema = z
  .object({
    action: z.enum(LEADS_BULK_ACTIONS, { error: `Action must be one of ${LEADS_BULK_ACTIONS.join(', ')}` }),
    selection: leadsSelectionSchema,
    targetCollectionId: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const needsTarget = body.action === 'move' || body.action === 'copy';
    if (needsTarget !== (body.targetCollectionId !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetCollectionId'],
        message: needsTarget
          ? `Choose the collection to ${body.action} to`
          : `Only move and copy take a target`,
      });
    }
  });
export type BulkLeadsBody = z.infer<typeof bulkLeadsBodySchema>;

/** `changed`: leads excluded, included, deleted, moved or copied; `skipped`: selected but already so. */
export const bulkLeadsResponseSchema = z.object({ changed: countSchema, skipped: countSchema });
export type BulkLeadsResponse = z.infer<typeof bulkLeadsResponseSchema>;
