import {
  effectiveDailyCap,
  isWithinWorkingHours,
  nextWorkingStart,
  randomGapSeconds,
  renderTemplate,
  safeTimeZone,
  startOfLocalDay,
  startOfNextLocalDay,
  warmupFactor,
} from '@reachly/shared/logic';
import {
  type CampaignAction,
  type ClaimReason,
  type ClaimTaskResponse,
  type ExecutorTask,
  MESSAGE_ACTIONS,
  type MessageAction,
  mayRunOnTraffic,
  TASK_LEASE_SECONDS,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { notFound } from '../errors.ts';
import { readTraffic } from '../services/traffic-service.ts';
import { dateOf, secondsUntil } from './clock.ts';
import { payloadOf } from './outcomes.ts';
import { loadCampaign, type PlannedCampaign } from './planner.ts';
import { type CampaignSettings, dailyCapOf, followUpSequence, stepOf } from './settings.ts';
import type { Effects, ProfileRow, TaskRow } from './task-queue.ts';

/**
 * The claim (DESIGN.md §4): in one transaction the profile's row is locked, a pause, ended traffic
 * or an unfinished gap answers "not now", and the due tasks of its running campaigns are read FOR
 * UPDATE SKIP LOCKED; the first that passes every rule (step still there, do-not-contact, working
 * hours, daily cap with the warm-up ramp) is leased to the executor.
 */

interface LeadRow {
  id: number;
  profile_url: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  has_message_button: boolean;
  is_excluded: boolean;
  should_skip: boolean;
}
const CANDIDATES_PER_CLAIM = 50;
const NO_TASK_RETRY_SECONDS = 60;

const isMessageAction = (a: CampaignAction): a is MessageAction =>
  (MESSAGE_ACTIONS as readonly string[]).includes(a);

/** How many messages with this text the profile has sent the task's lead so far. */
async function sentBefore(trx: Knex.Transaction, task: TaskRow, text: string): Promise<number> {
  const row = (await trx('conversation_messages as m')
    .join('conversations as cv', 'cv.id', 'm.conversation_id')
    .where({
      'cv.lead_id': task.lead_id,
      'cv.profile_id': task.profile_id,
      'm.direction': 'out',
      'm.text': text,
    })
    .count({ n: '*' })
    .first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
}

export function createClaimer({ random }: { random: () => number }) {
  /** The template a message task sends, from the campaign's current steps (edits apply to tasks not yet done). */
  function templateFor(settings: CampaignSettings, task: TaskRow): string | null {
    switch (task.action) {
      case 'welcomeMessage':
        return stepOf(settings, 'welcomeMessage')?.template ?? null;
      case 'callToAction':
        return stepOf(settings, 'callToAction')?.template ?? null;
      case 'followUp':
        return followUpSequence(settings).find((f) => f.key === task.step_key)?.template ?? null;
      default:
        return null;
    }
  }

  /** Why a task can no longer be done at all (it is then skipped), or null. */
  async function deadReason(
    trx: Knex.Transaction,
    task: TaskRow,
    campaign: PlannedCampaign,
    lead: LeadRow | undefined,
  ): Promise<string | null> {
    const stepType = task.action;
    if (
      stepType === 'followUp' ? !templateFor(campaign.settings, task) : !stepOf(campaign.settings, stepType)
    ) {
      return 'step-removed';
    }
    if (!task.lead_id) return null;
    if (!lead) return 'lead-deleted';
    if (lead.is_excluded || lead.should_skip) return 'excluded';
    // Do-not-contact, checked again: the same person in conversation with another profile.
    const other = await trx('conversations as cv')
      .join('leads as l', 'l.id', 'cv.lead_id')
      .where('l.organization_id', task.organization_id)
      .andWhere('l.profile_url', lead.profile_url)
      .andWhere((q) => q.whereNull('cv.profile_id').orWhereNot('cv.profile_id', task.profile_id))
      .first('cv.id');
    if (other) return 'do-not-contact';
    if (task.action === 'followUp') {
      const replied = await trx('conversation_messages as m')
        .join('conversations as cv', 'cv.id', 'm.conversation_id')
        .where({ 'cv.lead_id': task.lead_id, 'cv.profile_id': task.profile_id, 'm.direction': 'in' })
        .first('m.id');
      if (replied) return 'replied';
    }
    return null;
  }

  function toExecutorTask(
    task: TaskRow,
    payload: Record<string, unknown>,
    lead: LeadRow | undefined,
    recheck: boolean,
    leaseUntil: Date,
  ): ExecutorTask {
    const base = {
      id: Number(task.id),
      campaignId: Number(task.campaign_id),
      profileId: Number(task.profile_id),
      stepKey: task.step_key,
      attempt: task.attempts + 1,
      recheck,
      leaseUntil: leaseUntil.toISOString(),
    };
    const taskLead = lead && {
      id: Number(lead.id),
      profileUrl: lead.profile_url,
      name: lead.name,
      firstName: lead.first_name,
      lastName: lead.last_name,
      hasMessageButton: lead.has_message_button,
    };
    const action = task.action;
    if (action === 'collect') {
      return {
        ...base,
        action,
        source: payload.source as Extract<ExecutorTask, { action: 'collect' }>['source'],
        maxCount: Number(payload.maxCount),
      };
    }
    if (action === 'joinGroups') return { ...base, action, groupUrl: String(payload.groupUrl) };
    if (action === 'likePosts') return { ...base, action, count: Number(payload.count) };
    if (!taskLead) throw new Error(`task ${task.id} has no lead`);
    if (action === 'friendRequest') return { ...base, action, lead: taskLead };
    return {
      ...base,
      action,
      lead: taskLead,
      text: String(payload.text),
      sentBefore: Number(payload.sentBefore ?? 0),
    };
  }

  /**
   * The profile's next task, or why there is none and when to ask again. Runs in `trx`; the
   * caller has planned the profile's campaigns.
   */
  async function claim(
    trx: Knex.Transaction,
    organizationId: number,
    profileId: number,
    now: Date,
  ): Promise<{ response: ClaimTaskResponse; effects: Effects }> {
    const effects: Effects = { logs: [], notices: [] };
    const profile = (await trx('profiles')
      .where({ id: profileId, organization_id: organizationId })
      .forUpdate()
      .first(
        'id',
        'proxy_source',
        'proxy_timezone',
        'paused_until',
        'next_action_at',
        'warmup_started_at',
      )) as ProfileRow | undefined;
    if (!profile) throw notFound(`Profile ${profileId} not found.`);
    const none = (reason: ClaimReason, retryAt: Date | null, pausedUntil: Date | null = null) => ({
      response: {
        task: null,
        reason,
        retryAfterSeconds: retryAt ? secondsUntil(retryAt, now) : NO_TASK_RETRY_SECONDS,
        pausedUntil: pausedUntil?.toISOString() ?? null,
      },
      effects,
    });
    const pausedUntil = dateOf(profile.paused_until);
    if (pausedUntil && pausedUntil > now) return none('paused', pausedUntil, pausedUntil);
    // Traffic ended: a profile on the product's proxies waits (nothing is lost: its tasks stay
    // pending, a lapsed claim comes back with recheck) until a grant refills the allowance.
    if (profile.proxy_source === 'REACHLY') {
      const { remainingTraffic } = await readTraffic(trx, organizationId);
      if (!mayRunOnTraffic({ proxySource: profile.proxy_source }, remainingTraffic))
        return none('traffic-ended', null);
    }
    const nextAction = dateOf(profile.next_action_at);
    if (nextAction && nextAction > now) return none('gap', nextAction);

    // Two index range scans on (profile_id, status, due_at), each stopping after a few rows, rather
    // than one OR that reads and sorts the profile's whole backlog; then the chosen rows are locked.
    const running = `campaign_id in (select id from campaigns where status = 'running')`;
    const candidates = (
      await trx.raw(
        `select * from campaign_tasks where id in (
           (select id from campaign_tasks where profile_id = ? and status = 'pending' and due_at <= ? and ${running}
             order by due_at, id limit ?)
           union all
           (select id from campaign_tasks where profile_id = ? and status in ('claimed', 'started')
              and lease_until <= ? and ${running} order by due_at, id limit ?))
         order by due_at, id
         limit ?
         for update skip locked`,
        [profileId, now, CANDIDATES_PER_CLAIM, profileId, now, CANDIDATES_PER_CLAIM, CANDIDATES_PER_CLAIM],
      )
    ).rows as TaskRow[];
    if (candidates.length === 0) return none('no-tasks', null);

    const timeZone = safeTimeZone(profile.proxy_timezone);
    const campaigns = new Map<number, PlannedCampaign>();
    for (const id of new Set(candidates.map((t) => Number(t.campaign_id)))) {
      const campaign = await loadCampaign(trx, id);
      if (campaign) campaigns.set(id, campaign);
    }
    const dayStart = startOfLocalDay(now, timeZone);
    const counts = new Map<string, number>(
      (
        (await trx('campaign_tasks')
          .where({ profile_id: profileId })
          .whereIn('status', ['claimed', 'started', 'done'])
          .andWhere('claimed_at', '>=', dayStart)
          .select('action')
          .count({ n: '*' })
          .groupBy('action')) as { action: string; n: unknown }[]
      ).map((r) => [r.action, Number(r.n)]),
    );
    const factor = warmupFactor(dateOf(profile.warmup_started_at), now);
    const leadIds = candidates.map((t) => t.lead_id).filter((id): id is number => id !== null);
    const leads = new Map<number, LeadRow>(
      ((await trx('leads').whereIn('id', leadIds).select('*')) as LeadRow[]).map((l) => [Number(l.id), l]),
    );

    let blocked: { reason: ClaimReason; at: Date } | null = null;
    const block = (reason: ClaimReason, at: Date) => {
      if (!blocked || at < blocked.at) blocked = { reason, at };
    };
    for (const task of candidates) {
      const campaign = campaigns.get(Number(task.campaign_id));
      if (!campaign) continue;
      const lead = task.lead_id === null ? undefined : leads.get(Number(task.lead_id));
      const dead = await deadReason(trx, task, campaign, lead);
      if (dead) {
        await trx('campaign_tasks')
          .where({ id: task.id })
          .update({ status: 'skipped', finished_at: now, result: JSON.stringify({ reason: dead }) });
        continue;
      }
      const hours = campaign.settings.workingHours;
      if (!isWithinWorkingHours(now, hours, timeZone)) {
        block('outside-working-hours', nextWorkingStart(now, hours, timeZone));
        continue;
      }
      const cap = effectiveDailyCap(dailyCapOf(campaign.settings, task.action), factor);
      if ((counts.get(task.action) ?? 0) >= cap) {
        block('daily-cap', startOfNextLocalDay(now, timeZone));
        continue;
      }

      const payload = payloadOf(task);
      if (isMessageAction(task.action) && typeof payload.text !== 'string') {
        // Rendered once, on the first claim: a recheck looks for the very text that may have gone out.
        const template = templateFor(campaign.settings, task) ?? '';
        payload.text = renderTemplate(
          template,
          { firstName: lead?.first_name, lastName: lead?.last_name, name: lead?.name },
          random,
        );
      }
      // Counted once too, with the text: a recheck compares the thread with the same baseline.
      if (isMessageAction(task.action) && typeof payload.sentBefore !== 'number') {
        payload.sentBefore = await sentBefore(trx, task, String(payload.text));
      }
      const recheck = task.status === 'claimed' || task.status === 'started';
      const leaseUntil = new Date(now.getTime() + TASK_LEASE_SECONDS * 1000);
      const gapSeconds = randomGapSeconds(campaign.settings.gapSeconds, random);
      await trx('campaign_tasks')
        .where({ id: task.id })
        .update({
          status: 'claimed',
          attempts: task.attempts + 1,
          claimed_at: now,
          lease_until: leaseUntil,
          payload: JSON.stringify(payload),
        });
      await trx('profiles')
        .where({ id: profileId })
        .update({
          next_action_at: new Date(now.getTime() + gapSeconds * 1000),
          warmup_started_at: profile.warmup_started_at ?? now,
        });
      if (task.action === 'collect') {
        effects.logs.push({
          campaignId: Number(task.campaign_id),
          profileId,
          type: 'COLLECTING_STARTED',
          message: `Collecting up to ${String(payload.maxCount)} profiles`,
        });
      }
      if (recheck) {
        effects.logs.push({
          campaignId: Number(task.campaign_id),
          profileId,
          leadId: task.lead_id,
          type: 'SIGNAL',
          message: `${task.step_key}: the last claim lapsed without an outcome; the executor checks the page before acting again.`,
        });
      }
      return {
        response: {
          task: toExecutorTask(task, payload, lead, recheck, leaseUntil),
          reason: 'ready',
          retryAfterSeconds: gapSeconds,
          pausedUntil: null,
        },
        effects,
      };
    }
    const { reason, at } = blocked ?? { reason: 'no-tasks' as const, at: null };
    return none(reason, at);
  }

  return { claim };
}
