import type { Knex } from 'knex';
import { toAffectedRows } from '../../db/knex.ts';

/**
 * What the do-not-contact list changes in planned work, by the database's rule of what an entry
 * matches (reachly_dnc_entry, migration 20261127500010). A task stopped by the list is `skipped`
 * with `{reason: 'do-not-contact', entryId}`, so taking that entry off the list can plan it again.
 */

/** The lead's name as the rule reads it: its name, else its first and last name (logic leadNameOf). */
const LEAD_NAME_SQL = `coalesce(nullif(btrim(l.name), ''), concat_ws(' ', l.first_name, l.last_name))`;

/** The first entry matching lead `l` (null for none), its imported columns included. */
export const LEAD_LISTED_SQL = `reachly_dnc_entry(l.organization_id, l.profile_url, ${LEAD_NAME_SQL}, l.fields)`;

/**
 * Skips every pending task of the organisation whose lead is on the list now, in the caller's
 * transaction: a claim after the commit hands none of them out, whichever profile or campaign
 * planned it. Answers how many.
 */
export async function skipListedTasks(
  trx: Knex.Transaction,
  organizationId: number,
  now: Date,
): Promise<number> {
  return toAffectedRows(
    await trx.raw(
      `update campaign_tasks t
          set status = 'skipped', finished_at = ?,
              result = jsonb_build_object('reason', 'do-not-contact', 'entryId', m.entry_id)
         from (select l.id as lead_id, ${LEAD_LISTED_SQL} as entry_id
                 from leads l
                where l.organization_id = ?
                  and l.id in (select lead_id from campaign_tasks
                                where organization_id = ? and status = 'pending' and lead_id is not null)) m
        where t.organization_id = ? and t.status = 'pending' and t.lead_id = m.lead_id and m.entry_id is not null`,
      [now, organizationId, organizationId, organizationId],
    ),
  );
}

/**
 * After an entry is taken off the list: the tasks it stopped go back to pending when no other entry
 * matches their lead, or are put under the entry that still matches. Answers how many went back.
 */
export async function restoreTasksOf(
  trx: Knex.Transaction,
  organizationId: number,
  entryId: number,
): Promise<number> {
  const rows = (
    await trx.raw(
      `with stopped as (
         select t.id, ${LEAD_LISTED_SQL} as entry_id
           from campaign_tasks t join leads l on l.id = t.lead_id
          where t.organization_id = ? and t.status = 'skipped' and t.result ->> 'reason' = 'do-not-contact'
            and t.result ->> 'entryId' = ?)
       update campaign_tasks t
          set status = case when s.entry_id is null then 'pending' else 'skipped' end,
              finished_at = case when s.entry_id is null then null else t.finished_at end,
              result = case when s.entry_id is null then null
                            else jsonb_build_object('reason', 'do-not-contact', 'entryId', s.entry_id) end
         from stopped s
        where t.id = s.id
       returning (s.entry_id is null) as restored`,
      [organizationId, String(entryId)],
    )
  ).rows as { restored: boolean }[];
  return rows.filter((r) => r.restored).length;
}
