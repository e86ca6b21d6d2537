import {
  CAMPAIGN_TRANSITIONS,
  type CampaignCommand,
  COMMAND_FOR_STATUS,
  isLicenseValid,
  renderTemplate,
  seededRandom,
  templateVariants,
  transitionRefusal,
} from '@reachly/shared/logic';
import type {
  Campaign,
  CampaignAction,
  CampaignFunnelResponse,
  CampaignLogsQuery,
  CampaignLogsResponse,
  CampaignProfileState,
  CampaignStatsResponse,
  CampaignStatus,
  CreateCampaignBody,
  PreviewTemplateBody,
  PreviewTemplateResponse,
  UpdateCampaignBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../db/knex.ts';
import { type LogRow, toCampaignLog as toLog } from '../engine/activity-log.ts';
import { type Clock, systemClock } from '../engine/clock.ts';
import { type CampaignSettings, parseSettings } from '../engine/settings.ts';
import { conflict, HttpError, notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { type Tenant, tenant as tenantOf } from './tenancy.ts';

interface CampaignRow {
  id: number | string;
  organization_id: number;
  collection_id: number | string;
  name: string;
  status: CampaignStatus;
  settings: CampaignSettings | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The user's status commands and the statuses each may leave from (DESIGN.md §4). */

const NO_LICENCE_MESSAGE =
  'Starting a campaign needs a valid licence: your licence has expired or there is none. Renew it to start campaigns.';

const settingsOf = (row: CampaignRow): CampaignSettings => parseSettings(row.settings);

/** The PATCH fields a running campaign's log names when they change. */
const CHANGE_LABELS: readonly [keyof UpdateCampaignBody, string][] = [
  ['steps', 'steps'],
  ['dailyCaps', 'daily caps'],
  ['workingHours', 'working hours'],
  ['gapSeconds', 'gaps between actions'],
  ['profileIds', 'profiles'],
  ['collectionId', 'collection'],
];

function toCampaign(row: CampaignRow, profileIds: number[]): Campaign {
  const settings = settingsOf(row);
  return {
    id: Number(row.id),
    name: row.name,
    collectionId: Number(row.collection_id),
    profileIds,
    steps: settings.steps,
    dailyCaps: settings.dailyCaps,
    workingHours: settings.workingHours,
    gapSeconds: settings.gapSeconds,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Campaigns (DESIGN.md §4): a collection, its profiles, steps, caps, working hours and gaps (kept
 * as one settings jsonb), and the status commands start, pause and stop. Planning and running tasks
 * is the scheduler's; this service only records what the user asks and pushes it to the room.
 */
export function createCampaignsService({
  db,
  realtime,
  onRunning,
  onChanged,
  clock = systemClock,
}: {
  db: Knex;
  realtime: Realtime;
  /** The engine's clock: a licence is valid or not at the time the engine runs on. */
  clock?: Clock;
  /** Called once a campaign has started or resumed (the engine plans its tasks). */
  onRunning?: (campaignId: number) => Promise<unknown>;
  /** Called after a running campaign's settings changed (the engine logs it and wakes its executors). */
  onChanged?: (organizationId: number, campaign: Campaign, changed: string[]) => Promise<unknown>;
}) {
  /** Profile ids per campaign, ascending. */
  async function profileIdsOf(t: Tenant, campaignIds: number[]): Promise<Map<number, number[]>> {
    const byCampaign = new Map<number, number[]>(campaignIds.map((id) => [id, []]));
    if (campaignIds.length === 0) return byCampaign;
    const rows = (await t
      .table('campaign_profiles')
      .whereIn('campaign_profiles.campaign_id', campaignIds)
      .orderBy(['campaign_id', 'profile_id'])
      .select('campaign_id', 'profile_id')) as {
      campaign_id: number | string;
      profile_id: number | string;
    }[];
    for (const row of rows) byCampaign.get(Number(row.campaign_id))?.push(Number(row.profile_id));
    return byCampaign;
  }

  async function view(t: Tenant, row: CampaignRow): Promise<Campaign> {
    const ids = await profileIdsOf(t, [Number(row.id)]);
    return toCampaign(row, ids.get(Number(row.id)) ?? []);
  }

  /** 404 unless the collection and every profile are this organisation's. */
  async function checkOwnership(t: Tenant, collectionId?: number, profileIds?: readonly number[]) {
    if (collectionId !== undefined) await t.findOwned('collections', collectionId, 'Collection');
    if (profileIds !== undefined) {
      const found = new Set(
        ((await t.table('profiles').whereIn('profiles.id', profileIds).select('id')) as { id: number }[]).map(
          (r) => Number(r.id),
        ),
      );
      const missing = profileIds.find((id) => !found.has(id));
      if (missing !== undefined) throw notFound(`Profile ${missing} not found.`);
    }
  }

  async function replaceProfiles(
    t: Tenant,
    trx: Knex.Transaction,
    campaignId: number,
    ids: readonly number[],
  ) {
    await t.table('campaign_profiles').where('campaign_profiles.campaign_id', campaignId).delete();
    await trx('campaign_profiles').insert(
      ids.map((profileId) => ({
        organization_id: t.organizationId,
        campaign_id: campaignId,
        profile_id: profileId,
      })),
    );
  }

  /** The organisation's campaigns, newest first. */
  async function list(t: Tenant): Promise<Campaign[]> {
    const rows = (await t.table<CampaignRow>('campaigns').orderBy('id', 'desc').select('*')) as CampaignRow[];
    const ids = await profileIdsOf(
      t,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((row) => toCampaign(row, ids.get(Number(row.id)) ?? []));
  }

  async function get(t: Tenant, id: number): Promise<Campaign> {
    return view(t, await t.findOwned<CampaignRow>('campaigns', id, 'Campaign'));
  }

  /** A draft campaign with its profiles, in one transaction. */
  async function create(organizationId: number, body: CreateCampaignBody): Promise<Campaign> {
    return db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      await checkOwnership(t, body.collectionId, body.profileIds);
      const settings: CampaignSettings = {
        steps: body.steps,
        dailyCaps: body.dailyCaps,
        workingHours: body.workingHours,
        gapSeconds: body.gapSeconds,
      };
      const [row] = (await trx('campaigns')
        .insert({
          organization_id: organizationId,
          collection_id: body.collectionId,
          name: body.name,
          status: 'draft',
          settings: JSON.stringify(settings),
        })
        .returning('*')) as CampaignRow[];
      if (!row) throw new Error('insert returned no campaign');
      await replaceProfiles(t, trx, Number(row.id), body.profileIds);
      return view(t, row);
    });
  }

  /** Throws 409 unless `command` may leave `status`, and 402 when starting without a valid licence. */
  async function checkTransition(
    trx: Knex.Transaction,
    organizationId: number,
    status: CampaignStatus,
    command: CampaignCommand,
  ) {
    const refusal = transitionRefusal(status, command);
    if (refusal) throw conflict(refusal);
    if (command === 'start') {
      const licence = await trx('licences').where({ organization_id: organizationId }).first('license_till');
      if (!isLicenseValid({ licenseTill: licence?.license_till ?? null }, clock.now())) {
        throw new HttpError('PAYMENT_REQUIRED', NO_LICENCE_MESSAGE);
      }
    }
    return CAMPAIGN_TRANSITIONS[command].to;
  }

  async function pushStatus(organizationId: number, campaign: Campaign, previous: CampaignStatus) {
    if (campaign.status === previous) return;
    if (campaign.status === 'running') await onRunning?.(campaign.id);
    realtime.emit(organizationId, 'campaign-status-update', {
      campaignId: campaign.id,
      status: campaign.status,
    });
    if (campaign.status === 'running') {
      realtime.emit(organizationId, 'campaign-start', {
        campaignId: campaign.id,
        profileIds: campaign.profileIds,
      });
    }
  }

  /**
   * Changes the fields sent; profileIds replaces the list; a status goes through the same rules as
   * start/pause/stop. Everything in one transaction, the pushes after it commits.
   */
  async function update(organizationId: number, id: number, body: UpdateCampaignBody): Promise<Campaign> {
    const { campaign, previous } = await db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const stored = (await t
        .table<CampaignRow>('campaigns')
        .where('campaigns.id', id)
        .forUpdate()
        .first()) as CampaignRow | undefined;
      if (!stored) throw notFound(`Campaign ${id} not found.`);
      await checkOwnership(t, body.collectionId, body.profileIds);
      const status =
        body.status === undefined
          ? stored.status
          : await checkTransition(trx, organizationId, stored.status, COMMAND_FOR_STATUS[body.status]);
      const old = settingsOf(stored);
      const settings: CampaignSettings = {
        steps: body.steps ?? old.steps,
        dailyCaps: body.dailyCaps ?? old.dailyCaps,
        workingHours: body.workingHours ?? old.workingHours,
        gapSeconds: body.gapSeconds ?? old.gapSeconds,
      };
      const [row] = (await t
        .table('campaigns')
        .where('campaigns.id', id)
        .update({
          name: body.name ?? stored.name,
          collection_id: body.collectionId ?? stored.collection_id,
          status,
          settings: JSON.stringify(settings),
          updated_at: trx.fn.now(),
          // Edits reach tasks not yet done: the next claim plans again with the new settings.
          planned_at: null,
        })
        .returning('*')) as unknown as CampaignRow[];
      if (!row) throw notFound(`Campaign ${id} not found.`);
      if (body.profileIds) await replaceProfiles(t, trx, id, body.profileIds);
      return { campaign: await view(t, row), previous: stored.status };
    });
    await pushStatus(organizationId, campaign, previous);
    const changed = CHANGE_LABELS.filter(([field]) => body[field] !== undefined).map(([, label]) => label);
    if (campaign.status === 'running' && previous === 'running' && changed.length > 0) {
      await onChanged?.(organizationId, campaign, changed);
    }
    return campaign;
  }

  /** POST /api/campaigns/:id/start|pause|stop. */
  async function command(organizationId: number, id: number, cmd: CampaignCommand): Promise<Campaign> {
    const { campaign, previous } = await db.transaction(async (trx) => {
      const t = tenantOf(trx, organizationId);
      const stored = (await t
        .table<CampaignRow>('campaigns')
        .where('campaigns.id', id)
        .forUpdate()
        .first()) as CampaignRow | undefined;
      if (!stored) throw notFound(`Campaign ${id} not found.`);
      const status = await checkTransition(trx, organizationId, stored.status, cmd);
      const [row] = (await t
        .table('campaigns')
        .where('campaigns.id', id)
        .update({ status, updated_at: trx.fn.now() })
        .returning('*')) as unknown as CampaignRow[];
      if (!row) throw notFound(`Campaign ${id} not found.`);
      return { campaign: await view(t, row), previous: stored.status };
    });
    await pushStatus(organizationId, campaign, previous);
    return campaign;
  }

  /** Deletes a campaign; its profiles list, tasks and logs go by cascade. */
  async function remove(t: Tenant, id: number): Promise<{ id: number }> {
    // returning(): the affected-row count is not reported alike by pg and PGlite.
    const deleted = await t.table('campaigns').where('campaigns.id', id).delete().returning('id');
    if (deleted.length === 0) throw notFound(`Campaign ${id} not found.`);
    return { id };
  }

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
        profileId: Number(p.id),
        name: p.name,
        loginStatus: p.login_status,
        pausedUntil: paused ? pausedUntil.toISOString() : null,
        pauseReason: paused ? p.pause_reason : null,
        lastSeenAt: p.last_claim_at ? new Date(p.last_claim_at).toISOString() : null,
        launchFailedAt: p.launch_failed_at ? new Date(p.launch_failed_at).toISOString() : null,
        today: Object.fromEntries(
          counts.filter((c) => Number(c.profile_id) === Number(p.id)).map((c) => [c.action, toCount(c.n)]),
        ),
      };
    });
  }

  /** A template rendered for a sample lead; the same seed gives the same spin choices. */
  function preview(body: PreviewTemplateBody): PreviewTemplateResponse {
    const random = body.seed === undefined ? Math.random : seededRandom(body.seed);
    return {
      text: renderTemplate(body.template, body.lead ?? {}, random),
      variants: templateVariants(body.template),
    };
  }

  return { list, get, create, update, command, remove, logs, stats, funnel, profileStates, preview };
}
