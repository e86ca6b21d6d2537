import type {
  CampaignFunnelResponse,
  CampaignLogsQuery,
  CampaignLogsResponse,
  CampaignProfileState,
  CampaignStatsResponse,
  CampaignVariantsResponse,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import type { CampaignRow } from '../../db/rows-campaigns.ts';
import { type LogRow, toCampaignLog as toLog } from '../../engine/activity-log.ts';
import type { Tenant } from '../tenancy.ts';
import { settingsOf } from './definitions.ts';
import { campaignFunnel } from './funnel.ts';
import { campaignProfileStates } from './profile-states.ts';
import { campaignVariants } from './variants.ts';

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

  /** Requests, acceptances, messages and replies of the campaign's leads per UTC day, and the rates (funnel.ts). */
  async function funnel(t: Tenant, id: number): Promise<CampaignFunnelResponse> {
    await t.findOwned('campaigns', id, 'Campaign');
    return campaignFunnel(db, id);
  }

  /** Each profile of the campaign: its pause, and what it did for this campaign today (profile-states.ts). */
  async function profileStates(t: Tenant, id: number, now: Date): Promise<CampaignProfileState[]> {
    await t.findOwned('campaigns', id, 'Campaign');
    return campaignProfileStates(db, t, id, now);
  }

  /** Each message step's A/B versions with what they brought (variants.ts). */
  async function variants(t: Tenant, id: number): Promise<CampaignVariantsResponse> {
    const row = await t.findOwned<CampaignRow>('campaigns', id, 'Campaign');
    return campaignVariants(db, id, settingsOf(row));
  }

  return { logs, stats, funnel, profileStates, variants };
}
