import type { BulkLeadsBody, LeadsSelection } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import { tenant } from '../tenancy.ts';
import { whereLeads } from './lead-filter.ts';

/** What a bulk action did: leads changed, leads selected but left as they were, collections touched. */
interface BulkOutcome {
  changed: number;
  skipped: number;
  collectionIds: number[];
}

/** The ids of the organisation's selected leads, as a subquery (another organisation's ids drop out). */
function selectedIds(trx: Knex.Transaction, organizationId: number, selection: LeadsSelection) {
  const q = tenant(trx, organizationId).table('leads');
  if (selection.ids) q.whereIn('leads.id', selection.ids);
  else if (selection.filter) whereLeads(q, selection.filter);
  return q.select('leads.id');
}

/** Sums a `changed(collection_id)` CTE: how many rows, and which collections they were in. */
const TALLY = 'select collection_id, count(*) as n from changed group by collection_id';

/** Columns a copy carries into the target collection (not what was sent to the lead: it starts afresh). */
const COPIED = 'profile_url, name, first_name, last_name, avatar_url, has_message_button, source, fields';

/** The statement of each action over the selection `sel`, answering TALLY rows. */
function actionStatement(
  trx: Knex.Transaction,
  organizationId: number,
  body: BulkLeadsBody,
  sel: Knex.QueryBuilder,
): Knex.Raw {
  const target = body.targetCollectionId ?? 0;
  switch (body.action) {
    case 'exclude':
    case 'include': {
      const value = body.action === 'exclude';
      return trx.raw(
        `with changed as (
           update leads set is_excluded = ? where id in ? and is_excluded = ? returning collection_id
         ) ${TALLY}`,
        [value, sel, !value],
      );
    }
    case 'delete':
      return trx.raw(`with changed as (delete from leads where id in ? returning collection_id) ${TALLY}`, [
        sel,
      ]);
    case 'move':
      // One lead per profile link, and none the target already holds (unique per collection):
      // those stay where they are and are counted as skipped. The tally names the source
      // collections; the caller adds the target.
      return trx.raw(
        `with pick as (
           select distinct on (l.profile_url) l.id, l.collection_id as from_id
             from leads l
            where l.id in ? and l.collection_id <> ?
              and not exists (select 1 from leads t where t.collection_id = ? and t.profile_url = l.profile_url)
            order by l.profile_url, l.id
         ), changed as (
           update leads set collection_id = ? from pick where leads.id = pick.id returning pick.from_id as collection_id
         ) ${TALLY}`,
        [sel, target, target, target],
      );
    case 'copy':
      return trx.raw(
        `with changed as (
           insert into leads (organization_id, collection_id, ${COPIED})
           select distinct on (l.profile_url) ?::int, ?::int, ${COPIED.replace(/(\w+)/g, 'l.$1')}
             from leads l where l.id in ? order by l.profile_url, l.id
           on conflict (collection_id, profile_url) do nothing
           returning collection_id
         ) ${TALLY}`,
        [organizationId, target, sel],
      );
  }
}

/**
 * POST /api/leads/bulk inside the caller's transaction: checks (and locks) the filter's collection
 * and, exclusively, the target collection through `lockCollection` (404 when another
 * organisation's), then runs
 * the action as one statement over the selection. Leads the action would not change (already
 * excluded, already in the target) are counted as skipped.
 */
export async function bulkLeadsAction(
  trx: Knex.Transaction,
  organizationId: number,
  body: BulkLeadsBody,
  lockCollection: (id: number, exclusive: boolean) => Promise<void>,
): Promise<BulkOutcome> {
  const { selection } = body;
  // The target exclusively: a move checks which profiles the target holds before it writes, and two
  // moves of one profile into it at once both passed that check, then one failed on the unique key.
  // In id order, so that two actions between the same collections never wait for each other.
  const locks = new Map<number, boolean>();
  if (selection.filter && selection.filter.collectionId !== 'all')
    locks.set(selection.filter.collectionId, false);
  if (body.targetCollectionId !== undefined) locks.set(body.targetCollectionId, true);
  for (const [id, exclusive] of [...locks].sort(([a], [b]) => a - b)) await lockCollection(id, exclusive);
  const sel = selectedIds(trx, organizationId, selection);
  const counted = (await trx.count({ n: '*' }).from(sel.clone().as('sel')).first()) as
    | { n?: unknown }
    | undefined;
  const selected = toCount(counted?.n);
  const result = (await actionStatement(trx, organizationId, body, sel)) as {
    rows: { collection_id: number; n: unknown }[];
  };
  const collectionIds = new Set(result.rows.map((row) => row.collection_id));
  if (body.targetCollectionId !== undefined) collectionIds.add(body.targetCollectionId);
  const changed = result.rows.reduce((sum, row) => sum + toCount(row.n), 0);
  return { changed, skipped: Math.max(0, selected - changed), collectionIds: [...collectionIds] };
}
