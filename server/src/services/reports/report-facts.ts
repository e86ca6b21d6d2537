import { type ConversationStatus, POSITIVE_INTENTS } from '@reachly/shared/constants';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';

/**
 * The facts a report counts, read in one statement from the records the engine and the board
 * write (docs/decisions.md, Reports):
 * - a request sent: a done friendRequest task, at its finished_at, its campaign and profile;
 * - an acceptance: leads.friend_accepted_at of a lead a done friendRequest task asked, at that
 *   time, with that task's campaign and profile (the first such task when several asked);
 * - a reply: a conversation's first incoming message, at its sent_at, with the conversation's
 *   profile and its campaign (the owner of the person, else the last campaign that planned work for
 *   the lead from that profile: the engine's campaignOfLead);
 * - a positive reply: the first reading of a (lead, profile)'s reply as a positive intent, from
 *   the log line the engine writes ("Reply classified as <intent>"), with that line's campaign;
 * - a funnel move: a row of the funnel's history (funnel_moves: every change of a card's status,
 *   by a person or the engine, and each new card), at its time, from → to, with the conversation's
 *   profile and campaign.
 * Each is bucketed by its day in the report's time zone (`at time zone`), and the range runs from
 * the zone's midnight of `from` to its midnight after `to`. One GROUPING SETS pass gives totals,
 * days, campaigns, profiles, statuses moved into and out of, and the moves per day from → to.
 */

export type FactKind = 'requestsSent' | 'accepted' | 'replies' | 'positiveReplies' | 'moved';

export interface FactFilter {
  organizationId: number;
  /** The first day of the range (YYYY-MM-DD), from its midnight in `timeZone`. */
  from: string;
  /** The last day of the range, to the midnight after it in `timeZone`. */
  to: string;
  /** An IANA time zone PostgreSQL knows (the shared schema checked it). */
  timeZone: string;
  campaignId?: number | undefined;
  profileId?: number | undefined;
}

/**
 * One group of the GROUPING SETS pass: a count of one kind of fact in a total, a day, a campaign, a
 * profile, a status moved into or out of, or a day's moves from → to.
 */
export type FactGroup =
  | { by: 'total'; kind: FactKind; n: number }
  | { by: 'day'; kind: FactKind; day: string; n: number }
  | { by: 'campaign'; kind: FactKind; campaignId: number | null; n: number }
  | { by: 'profile'; kind: FactKind; profileId: number | null; n: number }
  | { by: 'status'; kind: FactKind; status: ConversationStatus; n: number }
  | { by: 'fromStatus'; kind: FactKind; status: ConversationStatus; n: number }
  | {
      by: 'move';
      kind: FactKind;
      day: string;
      from: ConversationStatus | null;
      to: ConversationStatus;
      n: number;
    };

/** The campaign of a conversation `cv`, as the engine finds it (events/context.ts campaignOfLead). */
const CONVERSATION_CAMPAIGN = `coalesce(
  (select pp.owner_campaign_id from leads ll
     join people pp on pp.organization_id = ll.organization_id and pp.profile_url = ll.profile_url
    where ll.id = cv.lead_id and pp.owner_profile_id = cv.profile_id),
  (select tt.campaign_id from campaign_tasks tt
    where tt.lead_id = cv.lead_id and tt.profile_id = cv.profile_id order by tt.id desc limit 1))`;

const positiveList = POSITIVE_INTENTS.map((intent) => `'${intent}'`).join(', ');

/** The range's first instant: midnight of `from` in the time zone; and the first instant after it. */
const START = `(:from::date::timestamp at time zone :tz)`;
const END = `((:to::date + 1)::timestamp at time zone :tz)`;

const FACTS = `
  select 'requestsSent' as kind, t.finished_at as at, t.campaign_id, t.profile_id,
         null::text as status, null::text as from_status
    from campaign_tasks t
   where t.organization_id = :org and t.action = 'friendRequest' and t.status = 'done'
     and t.finished_at >= ${START} and t.finished_at < ${END}
  union all
  select 'accepted', a.at, a.campaign_id, a.profile_id, null, null from (
    select distinct on (l.id) l.friend_accepted_at as at, t.campaign_id, t.profile_id
      from leads l
      join campaign_tasks t on t.lead_id = l.id and t.action = 'friendRequest' and t.status = 'done'
     where l.organization_id = :org and l.friend_accepted_at >= ${START} and l.friend_accepted_at < ${END}
     order by l.id, t.finished_at, t.id) a
  union all
  select 'replies', r.at, ${CONVERSATION_CAMPAIGN}, cv.profile_id, null, null from (
    select m.conversation_id, min(m.sent_at) as at from conversation_messages m
     where m.organization_id = :org and m.direction = 'in'
     group by m.conversation_id) r
    join conversations cv on cv.id = r.conversation_id
   where r.at >= ${START} and r.at < ${END}
  union all
  select 'positiveReplies', p.at, p.campaign_id, p.profile_id, null, null from (
    select distinct on (g.lead_id, g.profile_id) g.created_at as at, g.campaign_id, g.profile_id
      from campaign_logs g
     where g.organization_id = :org and g.lead_id is not null and g.type = 'STATUS_CHANGE'
       and g.message like 'Reply classified as %'
       and split_part(substr(g.message, 21), ';', 1) in (${positiveList})
     order by g.lead_id, g.profile_id, g.created_at, g.id) p
   where p.at >= ${START} and p.at < ${END}
  union all
  select 'moved', m.at, ${CONVERSATION_CAMPAIGN}, cv.profile_id, m.to_status, m.from_status
    from funnel_moves m
    join conversations cv on cv.id = m.conversation_id
   where m.organization_id = :org and m.at >= ${START} and m.at < ${END}`;

interface GroupRow {
  kind: FactKind;
  day: string | null;
  campaign_id: number | null;
  profile_id: number | null;
  status: ConversationStatus | null;
  from_status: ConversationStatus | null;
  g_day: unknown;
  g_campaign: unknown;
  g_profile: unknown;
  g_status: unknown;
  g_from: unknown;
  n: unknown;
}

/** A group's row as a FactGroup (a status of null, the "from" of new cards, is no group of its own). */
function groupOf(r: GroupRow): FactGroup[] {
  const n = toCount(r.n);
  const grouped = (flag: unknown) => toCount(flag) === 0;
  const id = (v: number | null) => (v === null ? null : Number(v));
  if (grouped(r.g_day) && grouped(r.g_status)) {
    return r.status === null
      ? []
      : [{ by: 'move', kind: r.kind, day: String(r.day), from: r.from_status, to: r.status, n }];
  }
  if (grouped(r.g_day)) return [{ by: 'day', kind: r.kind, day: String(r.day), n }];
  if (grouped(r.g_campaign)) return [{ by: 'campaign', kind: r.kind, campaignId: id(r.campaign_id), n }];
  if (grouped(r.g_profile)) return [{ by: 'profile', kind: r.kind, profileId: id(r.profile_id), n }];
  if (grouped(r.g_status))
    return r.status === null ? [] : [{ by: 'status', kind: r.kind, status: r.status, n }];
  if (grouped(r.g_from)) {
    return r.from_status === null ? [] : [{ by: 'fromStatus', kind: r.kind, status: r.from_status, n }];
  }
  return [{ by: 'total', kind: r.kind, n }];
}

/** The counts of every kind of fact in the range, grouped by total, day, campaign, profile, status and move. */
export async function readFactGroups(db: Knex, filter: FactFilter): Promise<FactGroup[]> {
  const answer = await db.raw(
    `with facts as (
       select f.kind, to_char(f.at at time zone :tz, 'YYYY-MM-DD') as day, f.campaign_id, f.profile_id,
              f.status, f.from_status
         from (${FACTS}) f
        where (:campaign::integer is null or f.campaign_id = :campaign::integer)
          and (:profile::integer is null or f.profile_id = :profile::integer)
     )
     select kind, day, campaign_id, profile_id, status, from_status,
            grouping(day) as g_day, grouping(campaign_id) as g_campaign, grouping(profile_id) as g_profile,
            grouping(status) as g_status, grouping(from_status) as g_from, count(*) as n
       from facts
      group by grouping sets ((kind), (kind, day), (kind, campaign_id), (kind, profile_id), (kind, status),
                              (kind, from_status), (kind, day, from_status, status))`,
    {
      org: filter.organizationId,
      from: filter.from,
      to: filter.to,
      tz: filter.timeZone,
      campaign: filter.campaignId ?? null,
      profile: filter.profileId ?? null,
    },
  );
  return ((answer.rows ?? answer) as GroupRow[]).flatMap(groupOf);
}
