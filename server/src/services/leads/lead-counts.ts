import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';

/**
 * Lead counts kept by the triggers of migrations 20261122010100-create-lead-counts and
 * 20261128235010-collection-counters: one delta row per statement and (collection, isExcluded)
 * with the change of each counter (leads, Message button not false, friend requests sent, messages
 * sent, to skip); a count is their sum, read from an index. Rows are only inserted by the writers,
 * so no writer waits on another here; folding them (below) keeps the sums short.
 */

/** The counters of a lead_counts row, `n` being the number of leads. */
const LEAD_COUNTERS = [
  'n',
  'has_message_button',
  'sent_friend_requests',
  'sent_messages',
  'should_skip',
] as const;

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

const columns = LEAD_COUNTERS.join(', ');
const sums = LEAD_COUNTERS.map((c) => `sum(${c})`).join(', ');
const anyLeft = LEAD_COUNTERS.map((c) => `sum(${c}) <> 0`).join(' or ');

/**
 * Folds the delta rows `where` picks (over lead_counts k) into one row per collection and
 * isExcluded value. Rows another folding holds are skipped (SKIP LOCKED), and so are collections
 * and organisations being deleted or locked for a bulk move: a folding never waits, so it cannot
 * deadlock with them. Rows a transaction has not committed are not seen, and each row is summed
 * by the one folding that deleted it, so the sums stay exact.
 */
function fold(db: Knex, where: string, bindings: readonly (number | string)[]) {
  return db.raw(
    `with picked as (
       select k.id from lead_counts k
         join collections c on c.id = k.collection_id
         join organizations o on o.id = k.organization_id
        where ${where}
          for update of k skip locked
          for key share of c, o skip locked
     ),
     folded as (
       delete from lead_counts k using picked p where k.id = p.id
       returning k.organization_id, k.collection_id, k.is_excluded, ${LEAD_COUNTERS.map((c) => `k.${c}`).join(', ')}
     )
     insert into lead_counts (organization_id, collection_id, is_excluded, ${columns})
     select organization_id, collection_id, is_excluded, ${sums} from folded
      group by organization_id, collection_id, is_excluded
     having ${anyLeft}`,
    bindings,
  );
}

/** Folds a collection's delta rows. Run it outside long transactions, after writes. */
export async function compactLeadCounts(
  db: Knex,
  organizationId: number,
  collectionId: number,
): Promise<void> {
  await fold(db, 'k.organization_id = ? and k.collection_id = ?', [organizationId, collectionId]);
}

/**
 * Folds every collection that has more than `rowsAbove` delta rows: the engine's writes (a request
 * sent, a message sent, a Message button seen) add one each and fold nothing themselves; the
 * housekeeping pass runs this, so GET /api/collections sums a few rows per collection.
 */
export async function compactBusyLeadCounts(db: Knex, rowsAbove = 2): Promise<void> {
  await fold(
    db,
    `k.collection_id in (select collection_id from lead_counts group by collection_id having count(*) > ?)`,
    [rowsAbove],
  );
}
