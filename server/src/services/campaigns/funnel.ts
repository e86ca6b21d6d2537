import type { CampaignFunnelResponse } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';

/**
 * A campaign's funnel (GET /api/campaigns/:id/funnel): requests, acceptances, messages and replies
 * of its leads per UTC day, their totals and the rates over the whole campaign.
 */

type FunnelKey = 'requests' | 'accepted' | 'messages' | 'replies';
type DayCounts = { date: string; n: number }[];

const day = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const MESSAGE_ACTIONS = `('welcomeMessage', 'aiReply', 'callToAction', 'followUp')`;

/** The four series of the campaign, each a count per UTC day (days without one are absent). */
async function perDaySeries(db: Knex, id: number): Promise<Record<FunnelKey, DayCounts>> {
  const perDay = async (sql: string) =>
    ((await db.raw(sql, [id])).rows as { date: string; n: unknown }[]).map((r) => ({
      date: String(r.date),
      n: toCount(r.n),
    }));
  const campaignLeads = `select distinct lead_id from campaign_tasks where campaign_id = ? and lead_id is not null`;
  const [requests, accepted, messages, replies] = await Promise.all([
    perDay(
      `select ${day('finished_at')} as date, count(*) as n from campaign_tasks
        where campaign_id = ? and action = 'friendRequest' and status = 'done' group by 1`,
    ),
    perDay(
      `select ${day('l.friend_accepted_at')} as date, count(*) as n from leads l
        where l.friend_accepted_at is not null and l.id in (
          select lead_id from campaign_tasks where campaign_id = ? and action = 'friendRequest' and status = 'done')
        group by 1`,
    ),
    perDay(
      `select ${day('finished_at')} as date, count(*) as n from campaign_tasks
        where campaign_id = ? and action in ${MESSAGE_ACTIONS}
          and status = 'done' group by 1`,
    ),
    perDay(
      `select ${day('m.sent_at')} as date, count(*) as n from conversation_messages m
         join conversations cv on cv.id = m.conversation_id
        where m.direction = 'in' and cv.lead_id in (${campaignLeads}) group by 1`,
    ),
  ]);
  return { requests, accepted, messages, replies };
}

/** The leads the campaign messaged, and how many of them replied. */
async function replyCounts(db: Knex, id: number): Promise<{ messaged: number; replied: number }> {
  const messagedLeads = `select lead_id from campaign_tasks where campaign_id = ? and status = 'done'
              and action in ${MESSAGE_ACTIONS}`;
  const rates = await db.raw(
    `select
       (select count(distinct lead_id) from campaign_tasks where campaign_id = ? and status = 'done'
          and action in ${MESSAGE_ACTIONS}) as messaged,
       (select count(distinct cv.lead_id) from conversations cv
          join conversation_messages m on m.conversation_id = cv.id and m.direction = 'in'
         where cv.lead_id in (${messagedLeads})) as replied`,
    [id, id],
  );
  const rate = (rates.rows as { messaged: unknown; replied: unknown }[])[0];
  return { messaged: toCount(rate?.messaged), replied: toCount(rate?.replied) };
}

/** The funnel of a campaign (its organisation checked by the caller). */
export async function campaignFunnel(db: Knex, id: number): Promise<CampaignFunnelResponse> {
  const [series, replies] = await Promise.all([perDaySeries(db, id), replyCounts(db, id)]);
  const days = new Map<string, CampaignFunnelResponse['days'][number]>();
  const keys: FunnelKey[] = ['requests', 'accepted', 'messages', 'replies'];
  for (const key of keys) {
    for (const { date, n } of series[key]) {
      const entry = days.get(date) ?? { date, requests: 0, accepted: 0, messages: 0, replies: 0 };
      entry[key] += n;
      days.set(date, entry);
    }
  }
  const list = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  const sum = (key: FunnelKey) => list.reduce((n, d) => n + d[key], 0);
  const totals = {
    requests: sum('requests'),
    accepted: sum('accepted'),
    messages: sum('messages'),
    replies: sum('replies'),
  };
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.min(1, a / b));
  return {
    days: list,
    totals,
    acceptanceRate: ratio(totals.accepted, totals.requests),
    replyRate: ratio(replies.replied, replies.messaged),
  };
}
