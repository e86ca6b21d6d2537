import type {
  CampaignAction,
  CampaignFunnelResponse,
  CampaignLogsQuery,
  CampaignLogsResponse,
  CampaignProfileState,
  CampaignStatsResponse,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import { type LogRow, toCampaignLog as toLog } from '../../engine/activity-log.ts';
import type { Tenant } from '../tenancy.ts';

/** What a campaign did: its log, its counts per step and day, its funnel, its profiles today. */
export function createCampaignResults({ db }: { db: Knex }) {
  /** Logs newest first, keyset on id: `lastId` is the last id shown (-1 = the newest page). */
  async function logs(t: Tenant, id: number, query: CampaignLogsQuery): Promise<CampaignLogsResponse> {
    await t.findOwned('campaigns', id, 'Campaign');
    const q = t.table<LogRow>('campaign_logs').where('campaign_logs.campaign_id', id);
    if (query.lastId !== -1) q.where('campaign_logs.id', '<', query.lastId);
    if (query.types) q.whereIn('campaign_logs.type', query.types);
    const rows = (await q
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .select('*')) as LogRow[];
    return { logs: rows.slice(0, query.limit).map(toLog), hasMore: rows.length > query.limit };
  }

  /** Done tasks per step, and per UTC day of finished_at and step. */
  async function stats(t: Tenant, id: number): Promise<CampaignStatsResponse> {
    await t.findOwned('campaigns', id, 'Campaign');
    const done = () =>
      t
        .table('campaign_tasks')
        .where('campaign_tasks.campaign_id', id)
        .andWhere('campaign_tasks.status', 'done');
    const day = `to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD')`;
    const [steps, days] = await Promise.all([
      done().select('step_key').count({ n: '*' }).groupBy('step_key').orderBy('step_key'),
      done()
        .whereNotNull('finished_at')
        .select(db.raw(`${day} as date`), 'step_key')
        .count({ n: '*' })
        .groupByRaw(`${day}, step_key`)
        .orderByRaw(`${day}, step_key`),
    ]);
    type Counted = { step_key: string; n: unknown; date?: string };
    return {
      byStep: (steps as Counted[]).map((r) => ({ stepKey: r.step_key, count: toCount(r.n) })),
      byDay: (days as Counted[]).map((r) => ({
        date: String(r.date),
        stepKey: r.step_key,
        count: toCount(r.n),
      })),
    };
  }

  /** Requests, acceptances, messages and replies of the campaign's leads per UTC day, and the rates. */
  async function funnel(t: Tenant, id: number): Promise<CampaignFunnelResponse> {
    await t.findOwned('campaigns', id, 'Campaign');
    const day = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
    const perDay = async (sql: string, bindings: unknown[]) =>
      ((await db.raw(sql, bindings as Knex.RawBinding[])).rows as { date: string; n: unknown }[]).map(
        (r) => ({
          date: String(r.date),
          n: toCount(r.n),
        }),
      );
    const campaignLeads = `select distinct lead_id from campaign_tasks where campaign_id = ? and lead_id is not null`;
    const [requests, accepted, messages, replies, rates] = await Promise.all([
      perDay(
        `select ${day('finished_at')} as date, count(*) as n from campaign_tasks
          where campaign_id = ? and action = 'friendRequest' and status = 'done' group by 1`,
        [id],
      ),
      perDay(
        `select ${day('l.friend_accepted_at')} as date, count(*) as n from leads l
          where l.friend_accepted_at is not null and l.id in (
            select lead_id from campaign_tasks where campaign_id = ? and action = 'friendRequest' and status = 'done')
          group by 1`,
        [id],
      ),
      perDay(
        `select ${day('finished_at')} as date, count(*) as n from campaign_tasks
          where campaign_id = ? and action in ('welcomeMessage', 'aiReply', 'callToAction', 'followUp')
            and status = 'done' group by 1`,
        [id],
      ),
      perDay(
        `select ${day('m.sent_at')} as date, count(*) as n from conversation_messages m
           join conversations cv on cv.id = m.conversation_id
          where m.direction = 'in' and cv.lead_id in (${campaignLeads}) group by 1`,
        [id],
      ),
      db.raw(
        `select
           (select count(distinct lead_id) from campaign_tasks where campaign_id = ? and status = 'done'
              and action in ('welcomeMessage', 'aiReply', 'callToAction', 'followUp')) as messaged,
           (select count(distinct cv.lead_id) from conversations cv
              join conversation_messages m on m.conversation_id = cv.id and m.direction = 'in'
             where cv.lead_id in (select lead_id from campaign_tasks where campaign_id = ? and status = 'done'
              and action in ('welcomeMessage', 'aiReply', 'callToAction', 'followUp'))) as replied`,
        [id, id],
      ),
    ]);
    const days = new Map<string, CampaignFunnelResponse['days'][number]>();
    const add = (
      rows: { date: string; n: number }[],
      key: 'requests' | 'accepted' | 'messages' | 'replies',
    ) => {
      for (const { date, n } of rows) {
        const entry = days.get(date) ?? { date, requests: 0, accepted: 0, messages: 0, replies: 0 };
        entry[key] += n;
        days.set(date, entry);
      }
    };
    add(requests, 'requests');
    add(accepted, 'accepted');
    add(messages, 'messages');
    add(replies, 'replies');
    const list = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
    const sum = (key: 'requests' | 'accepted' | 'messages' | 'replies') =>
      list.reduce((n, d) => n + d[key], 0);
    const totals = {
      requests: sum('requests'),
      accepted: sum('accepted'),
      messages: sum('messages'),
      replies: sum('replies'),
    };
    const rate = (rates.rows as { messaged: unknown; replied: unknown }[])[0];
    const messaged = toCount(rate?.messaged);
    const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.min(1, a / b));
    return {
      days: list,
      totals,
      acceptanceRate: ratio(totals.accepted, totals.requests),
      replyRate: ratio(toCount(rate?.replied), messaged),
    };
  }

  /** Each profile of the campaign: its pause, and what it did for this campaign today (UTC). */
  async function profileStates(t: Tenant, id: number, now: Date): Promise<CampaignProfileState[]> {
    await t.findOwned('campaigns', id, 'Campaign');
    const profiles = (await t
      .table('profiles')
      .join('campaign_profiles as cp', 'cp.profile_id', 'profiles.id')
      .where('cp.campaign_id', id)
      .orderBy('profiles.id')
      .select(
        'profiles.id',
        'profiles.name',
        'profiles.login_status',
        'profiles.paused_until',
        'profiles.pause_reason',
        'profiles.last_claim_at',
        db.raw(
          `(select max(l.created_at) from campaign_logs l where l.profile_id = profiles.id
             and l.type = 'LAUNCH_FAILED'
             and (profiles.last_claim_at is null or l.created_at > profiles.last_claim_at)) as launch_failed_at`,
        ),
      )) as {
      id: number;
      name: string;
      login_status: string;
      paused_until: Date | string | null;
      pause_reason: string | null;
      last_claim_at: Date | string | null;
      launch_failed_at: Date | string | null;
    }[];
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const counts = (await db('campaign_tasks')
      .where({ campaign_id: id, status: 'done' })
      .andWhere('finished_at', '>=', since)
      .select('profile_id', 'action')
      .count({ n: '*' })
      .groupBy('profile_id', 'action')) as { profile_id: number; action: CampaignAction; n: unknown }[];
    return profiles.map((p) => {
      const pausedUntil = p.paused_until ? new Date(p.paused_until) : null;
      const paused = pausedUntil !== null && pausedUntil > now;
      return {
        profileId: p.id,
        name: p.name,
        loginStatus: p.login_status,
        pausedUntil: paused ? pausedUntil.toISOString() : null,
        pauseReason: paused ? p.pause_reason : null,
        lastSeenAt: p.last_claim_at ? new Date(p.last_claim_at).toISOString() : null,
        launchFailedAt: p.launch_failed_at ? new Date(p.launch_failed_at).toISOString() : null,
        today: Object.fromEntries(
          counts.filter((c) => c.profile_id === p.id).map((c) => [c.action, toCount(c.n)]),
        ),
      };
    });
  }

  return { logs, stats, funnel, profileStates };
}
