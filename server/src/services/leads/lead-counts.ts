import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';

/**
 * Lead counts kept by the triggers of migration 20261122010100-create-lead-counts: one delta row
 * per statement and (collection, isExcluded); a count is their sum, read from an index.
 */

/** How many leads of the organisation match: one collection or all, excluded or not or both. */
export async function countLeads(
  db: Knex,
  organizationId: number,
  filter: { collectionId: number | 'all'; isExcluded?: boolean | undefined },
): Promise<number> {
  const query = db('lead_counts').where('organization_id', organizationId);
  if (filter.collectionId !== 'all') query.andWhere('collection_id', filter.collectionId);
  if (filter.isExcluded !== undefined) query.andWhere('is_excluded', filter.isExcluded);
  const row = (await query.sum({ n: 'n' }).first()) as { n?: unknown } | undefined;
  return toCount(row?.n);
}

/**
 * Folds a collection's delta rows into one per isExcluded value. Safe beside any writer: rows that
 * another transaction has not committed are not seen, and a row two foldings race for is summed by
 * the one that deleted it. Run it outside long transactions, after writes.
 */
export async function compactLeadCounts(
  db: Knex,
  organizationId: number,
  collectionId: number,
): Promise<void> {
  await db.raw(
    `with folded as (
       delete from lead_counts where organization_id = ? and collection_id = ?
       returning is_excluded, n
     )
     insert into lead_counts (organization_id, collection_id, is_excluded, n)
     select ?, ?, is_excluded, sum(n) from folded group by is_excluded having sum(n) <> 0`,
    [organizationId, collectionId, organizationId, collectionId],
  );
}
