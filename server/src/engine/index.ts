import { CAMPAIGN_NOTICE_LEVELS } from '@reachly/shared/constants';
import { safeTimeZone, startOfLocalDay } from '@reachly/shared/logic';
import type {
  CampaignRunStats,
  ClaimTaskResponse,
  ExecutorEventsBody,
  ExecutorEventsResponse,
  TaskOutcomeBody,
  TaskOutcomeResponse,
  TaskStartedBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ReplyProvider } from '../ai/index.ts';
import { notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { pushLogs, writeLogs } from './activity-log.ts';
import type { Clock } from './clock.ts';
import { createEventHandler } from './events.ts';
import { PLAN_INTERVAL_SECONDS, type PlanResult, planCampaign } from './planner.ts';
import { createTaskQueue } from './task-queue.ts';
import type { Effects } from './task-types.ts';

export { type Clock, ManualClock, OffsetClock, systemClock } from './clock.ts';

export interface EngineDeps {
  db: Knex;
  realtime: Realtime;
  clock: Clock;
  provider: ReplyProvider;
  logger: Logger;
  /** Gaps and spintax (default Math.random); tests pass a seeded one. */
  random?: () => number;
}

/**
 * The campaign engine (DESIGN.md §4): the planner, the task protocol and the executors' events,
 * wired to the database, the clock and the organisation's realtime room. Each call does its work
 * in one transaction, writes its log rows in it, and pushes once it has committed.
 */
export function createCampaignEngine({ db, realtime, clock, provider, logger, random }: EngineDeps) {
  const queue = createTaskQueue({ random });
  const events = createEventHandler({ db, provider, random });

  /** Today's done actions of a campaign for one profile, in the profile's local day. */
  async function runStats(campaignId: number, profileId: number, now: Date): Promise<CampaignRunStats> {
    const profile = (await db('profiles').where({ id: profileId }).first('proxy_timezone')) as
      | { proxy_timezone: string | null }
      | undefined;
    const since = startOfLocalDay(now, safeTimeZone(profile?.proxy_timezone));
    const rows = (await db('campaign_tasks')
      .where({ campaign_id: campaignId, profile_id: profileId, status: 'done' })
      .andWhere('finished_at', '>=', since)
      .select('action')
      .count({ n: '*' })
      .groupBy('action')) as { action: keyof CampaignRunStats; n: unknown }[];
    return Object.fromEntries(rows.map((r) => [r.action, Number(r.n)]));
  }

  async function push(
    organizationId: number,
    effects: Effects,
    logs: Awaited<ReturnType<typeof writeLogs>>,
    now: Date,
  ): Promise<void> {
    pushLogs(realtime, organizationId, logs);
    for (const n of effects.notices) {
      realtime.emit(organizationId, 'campaign-notice', {
        campaignId: n.campaignId,
        profileId: n.profileId,
        level: CAMPAIGN_NOTICE_LEVELS[n.type],
        type: n.type,
        message: n.message,
        createdAt: now.toISOString(),
      });
    }
    if (effects.handled) {
      const { campaignId, profileId } = effects.handled;
      realtime.emit(organizationId, 'campaign-run-update', {
        campaignId,
        profileId,
        stats: await runStats(campaignId, profileId, now),
      });
      realtime.emit(organizationId, 'profile-handled', { profileId });
    }
    if (effects.processed !== undefined) {
      realtime.emit(organizationId, 'processed-finished', { handled: effects.processed });
    }
  }

  /**
   * Wakes the executors of these profiles (null: every profile of the organisation): work became
   * due or what they work by changed, so they claim now instead of at their next look.
   */
  function wake(organizationId: number, profileIds: number[] | null, reason: string): void {
    realtime.emit(organizationId, 'executor-wake', { profileIds, reason });
  }

  /** Plans a running campaign now (on start, and from the claim path once a minute); logs new targets. */
  async function planAt(campaignId: number, now: Date): Promise<PlanResult> {
    const result = await planCampaign(db, campaignId, now);
    if (result.targeted > 0) {
      const organization = (await db('campaigns').where({ id: campaignId }).first('organization_id')) as {
        organization_id: number;
      };
      // Targeting is one statement: its start and end are written together, with what it found.
      const effects: Effects = {
        logs: [
          {
            campaignId,
            profileId: null,
            type: 'TARGETING_STARTED',
            message: `Targeting the collection's leads for first contact`,
          },
          {
            campaignId,
            profileId: null,
            type: 'TARGETING_FINISHED',
            message: `${result.targeted} new lead(s) targeted`,
          },
        ],
        notices: [],
      };
      const logs = await db.transaction((trx) =>
        writeLogs(trx, organization.organization_id, now, effects.logs),
      );
      await push(organization.organization_id, effects, logs, now);
      const profiles = (await db('campaign_profiles')
        .where({ campaign_id: campaignId })
        .select('profile_id')) as { profile_id: number }[];
      wake(
        organization.organization_id,
        profiles.map((p) => Number(p.profile_id)),
        'new leads',
      );
    }
    return result;
  }

  /** Plans a campaign that started or resumed, and wakes its executors. */
  async function plan(campaignId: number): Promise<PlanResult> {
    const result = await planAt(campaignId, clock.now());
    const campaign = (await db('campaigns').where({ id: campaignId }).first('organization_id')) as
      | { organization_id: number }
      | undefined;
    const profiles = (await db('campaign_profiles')
      .where({ campaign_id: campaignId })
      .select('profile_id')) as { profile_id: number }[];
    if (campaign)
      wake(
        campaign.organization_id,
        profiles.map((p) => Number(p.profile_id)),
        'campaign running',
      );
    return result;
  }

  /** Re-plans the profile's running campaigns not planned for PLAN_INTERVAL_SECONDS; one process wins each. */
  async function replanStale(profileId: number, now: Date) {
    const stale = new Date(now.getTime() - PLAN_INTERVAL_SECONDS * 1000);
    const ids = (await db('campaigns')
      .whereIn('id', db('campaign_profiles').where({ profile_id: profileId }).select('campaign_id'))
      .andWhere('status', 'running')
      .andWhere((q) => q.whereNull('planned_at').orWhere('planned_at', '<', stale))
      .update({ planned_at: now })
      .returning('id')) as { id: number }[];
    for (const { id } of ids) await planAt(Number(id), now);
  }

  async function claim(organizationId: number, profileId: number): Promise<ClaimTaskResponse> {
    const now = clock.now();
    await replanStale(profileId, now);
    const { response, effects, logs } = await db.transaction(async (trx) => {
      const result = await queue.claim(trx, organizationId, profileId, now);
      return { ...result, logs: await writeLogs(trx, organizationId, now, result.effects.logs) };
    });
    await push(organizationId, effects, logs, now);
    return response;
  }

  async function started(organizationId: number, taskId: number, body: TaskStartedBody) {
    const now = clock.now();
    return db.transaction((trx) => queue.started(trx, organizationId, taskId, body, now));
  }

  async function outcome(
    organizationId: number,
    taskId: number,
    body: TaskOutcomeBody,
  ): Promise<TaskOutcomeResponse> {
    const now = clock.now();
    const { response, effects, logs } = await db.transaction(async (trx) => {
      const result = await queue.outcome(trx, organizationId, taskId, body, now);
      return { ...result, logs: await writeLogs(trx, organizationId, now, result.effects.logs) };
    });
    await push(organizationId, effects, logs, now);
    return response;
  }

  async function report(organizationId: number, body: ExecutorEventsBody): Promise<ExecutorEventsResponse> {
    const now = clock.now();
    const effects: Effects = { logs: [], notices: [] };
    const owned = await db('profiles')
      .where({ id: body.profileId, organization_id: organizationId })
      .first('id');
    if (!owned) throw notFound(`Profile ${body.profileId} not found.`);
    let response: ExecutorEventsResponse;
    try {
      response = await events.handle(organizationId, body.profileId, body.events, now, effects);
    } finally {
      // Whatever was applied before a failure is logged and pushed.
      const logs = await db.transaction((trx) => writeLogs(trx, organizationId, now, effects.logs));
      await push(organizationId, effects, logs, now).catch((error: unknown) =>
        logger.error({ err: error }, 'campaign push failed'),
      );
    }
    return response;
  }

  /**
   * A person lifts a profile's pause before its end (the network lifted the block, or the person
   * checked the account): the profile works again at once. The pause count is kept, so a signal
   * soon after pauses it for longer.
   */
  async function liftPause(organizationId: number, profileId: number, by: string): Promise<void> {
    const now = clock.now();
    const effects: Effects = { logs: [], notices: [] };
    const logs = await db.transaction(async (trx) => {
      const profile = (await trx('profiles')
        .where({ id: profileId, organization_id: organizationId })
        .forUpdate()
        .first('name', 'paused_until')) as { name: string; paused_until: Date | string | null } | undefined;
      if (!profile) throw notFound(`Profile ${profileId} not found.`);
      const until = profile.paused_until === null ? null : new Date(profile.paused_until);
      if (until === null || until <= now) return [];
      await trx('profiles')
        .where({ id: profileId })
        .update({ paused_until: null, pause_reason: null, next_action_at: null });
      // Tasks held back until the pause's end are due again now.
      await trx('campaign_tasks')
        .where({ profile_id: profileId, status: 'pending' })
        .andWhere('due_at', '>', now)
        .andWhere('due_at', '<=', until)
        .whereNot('action', 'followUp')
        .update({ due_at: now });
      const campaigns = (await trx('campaign_profiles as cp')
        .join('campaigns as c', 'c.id', 'cp.campaign_id')
        .where({ 'cp.profile_id': profileId, 'c.status': 'running' })
        .select('c.id')) as { id: number }[];
      const message = `${profile.name}'s pause was lifted by ${by}`;
      effects.logs.push(
        ...(campaigns.length === 0
          ? [{ campaignId: null, profileId, type: 'UPDATED' as const, message }]
          : campaigns.map((c) => ({
              campaignId: Number(c.id),
              profileId,
              type: 'UPDATED' as const,
              message,
            }))),
      );
      return writeLogs(trx, organizationId, now, effects.logs);
    });
    await push(organizationId, effects, logs, now);
    wake(organizationId, [profileId], 'pause lifted');
  }

  /** A running campaign's settings changed: logged as UPDATED, and its executors look at once. */
  async function settingsChanged(
    organizationId: number,
    campaign: { id: number; profileIds: number[] },
    changed: string[],
  ): Promise<void> {
    const now = clock.now();
    const effects: Effects = {
      logs: [
        {
          campaignId: campaign.id,
          profileId: null,
          type: 'UPDATED',
          message: `Settings changed (${changed.join(', ')}); they apply to every task not yet done`,
        },
      ],
      notices: [],
    };
    const logs = await writeLogs(db, organizationId, now, effects.logs);
    await push(organizationId, effects, logs, now);
    wake(organizationId, campaign.profileIds, 'settings changed');
  }

  /** Leads arrived in a collection (null: some collection): the running campaigns that work it target them now. */
  async function collectionChanged(organizationId: number, collectionId: number | null): Promise<void> {
    const now = clock.now();
    const ids = (await db('campaigns')
      .where({ organization_id: organizationId, status: 'running' })
      .modify((q) => {
        if (collectionId !== null) q.where({ collection_id: collectionId });
      })
      .select('id')) as { id: number }[];
    for (const { id } of ids) await planAt(Number(id), now);
  }

  /** A profile's proxy changed: its campaigns' logs say so (never the credentials), and its browser looks again. */
  async function proxyChanged(organizationId: number, profileId: number, fields: readonly string[]) {
    const now = clock.now();
    const profile = (await db('profiles')
      .where({ id: profileId, organization_id: organizationId })
      .first('name', 'proxy_source', 'proxy_type')) as
      | { name: string; proxy_source: string; proxy_type: string | null }
      | undefined;
    if (!profile) return;
    const campaigns = (await db('campaign_profiles as cp')
      .join('campaigns as c', 'c.id', 'cp.campaign_id')
      .where({ 'cp.profile_id': profileId, 'c.status': 'running' })
      .select('c.id')) as { id: number }[];
    const what = fields.map((f) => (f === 'proxyPassword' ? 'password' : f)).join(', ');
    const message = `${profile.name}'s proxy changed (${what}); now ${profile.proxy_source}${
      profile.proxy_type ? ` ${profile.proxy_type}` : ''
    }: its browser goes out through it from its next start`;
    const effects: Effects = {
      logs:
        campaigns.length === 0
          ? [{ campaignId: null, profileId, type: 'CHANGED_PROXY', message }]
          : campaigns.map((c) => ({
              campaignId: Number(c.id),
              profileId,
              type: 'CHANGED_PROXY' as const,
              message,
            })),
      notices: [],
    };
    const logs = await writeLogs(db, organizationId, now, effects.logs);
    await push(organizationId, effects, logs, now);
    wake(organizationId, [profileId], 'proxy changed');
  }

  return {
    proxyChanged,
    plan,
    claim,
    started,
    outcome,
    report,
    wake,
    liftPause,
    settingsChanged,
    collectionChanged,
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
