import type { Knex } from 'knex';
import { countLeads } from '../leads/lead-counts.ts';
import { tenant } from '../tenancy.ts';
import { isoText } from './batches.ts';
import type { CsvExport } from './csv-response.ts';
import { LATEST_CONVERSATION, leadRows } from './lead-pages.ts';

const MESSAGE_ACTIONS = `('welcomeMessage', 'aiReply', 'callToAction', 'followUp')`;

/** One line per lead of the campaign's collection; a lead the campaign has not reached yet has empty results. */
const RESULT_COLUMNS: [header: string, sql: string][] = [
  ['Lead ID', 'l.id::text'],
  ['Profile URL', 'l.profile_url'],
  ['Name', 'l.name'],
  ['Profile', 'pr.name'],
  ['Steps done', 'tk.steps'],
  ['Friend request sent at', isoText('tk.requested_at')],
  ['Accepted at', `case when tk.requested_at is not null then ${isoText('l.friend_accepted_at')} end`],
  ['Messages sent', 'coalesce(tk.messages, 0)::text'],
  ['Replied at', isoText('rp.replied_at')],
  ['Intent', 'it.intent'],
  ['Funnel status', 'cv.status'],
  ['Last step at', isoText('tk.last_done')],
];

/**
 * The campaign's done tasks of the lead, per action (`tk`): the actions in the order they were first
 * done, the first friend request, the messages sent, the last step's time and the profile that did
 * them.
 */
const DONE_STEPS = `left join lateral (
    select string_agg(s.action, '; ' order by s.first_done) as steps,
           min(s.first_done) filter (where s.action = 'friendRequest') as requested_at,
           sum(s.n) filter (where s.action in ${MESSAGE_ACTIONS}) as messages,
           max(s.last_done) as last_done,
           max(s.profile_id) as profile_id
      from (select action, min(finished_at) as first_done, max(finished_at) as last_done,
                   count(*) as n, max(profile_id) as profile_id
              from campaign_tasks
             where lead_id = l.id and campaign_id = ? and status = 'done'
             group by action) s
  ) tk on true`;

/** The lead's first answer in any of its conversations (`rp`). */
const FIRST_REPLY = `left join lateral (
    select min(m.sent_at) as replied_at from conversations c
      join conversation_messages m on m.conversation_id = c.id and m.direction = 'in'
     where c.lead_id = l.id
  ) rp on true`;

/**
 * The intent the engine read in the lead's latest answer (`it`): the engine records each reading in
 * the campaign's log as "Reply classified as <intent>…" (engine/events/answer.ts); the partial index
 * of migration 20261127600010 finds a lead's readings. The predicates are written as constants so
 * that the planner matches that index.
 */
const LATEST_INTENT = `left join lateral (
    select substring(g.message from '^Reply classified as ([a-z-]+)') as intent from campaign_logs g
     where g.lead_id = l.id and g.campaign_id = ?
       and g.type = 'STATUS_CHANGE' and g.message like 'Reply classified as %'
     order by g.id desc limit 1
  ) it on true`;

/**
 * GET /api/exports/campaigns/:id: per lead of the campaign's collection, what the campaign did and
 * what came of it. Another organisation's campaign answers 404 before anything is sent.
 */
export async function campaignResultsExport(
  db: Knex,
  organizationId: number,
  id: number,
): Promise<CsvExport> {
  const campaign = await tenant(db, organizationId).findOwned<{ name: string; collection_id: number }>(
    'campaigns',
    id,
    'Campaign',
  );
  const filter = { organizationId, collectionId: campaign.collection_id };
  return {
    name: `campaign-${campaign.name}-results`,
    header: RESULT_COLUMNS.map(([header]) => header),
    ...leadRows(
      db,
      filter,
      {
        select: RESULT_COLUMNS.map(([, sql]) => sql).join(', '),
        joins: `${DONE_STEPS} ${FIRST_REPLY} ${LATEST_INTENT} ${LATEST_CONVERSATION}
        left join profiles pr on pr.id = coalesce(tk.profile_id, cv.profile_id)`,
        joinBindings: [id, id],
      },
      RESULT_COLUMNS.length,
    ),
    expectedRows: await countLeads(db, organizationId, filter),
  };
}
