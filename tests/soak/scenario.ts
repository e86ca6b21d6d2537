import type { ConversationStatus } from '@reachly/shared/constants';
import { CONVERSATION_STATUS_VALUES } from '@reachly/shared/constants';
import { type ApiClient, contract, createApiClient } from '@reachly/shared/contract';
import type { Knex } from 'knex';
import type { MonthFacts } from './facts.ts';
import type { SimExecutor } from './sim-executor.ts';

/**
 * What the simulated month's scenario changes while the campaigns run, each at its own time: new
 * leads, a person browsing by hand, caps and hours, a browser that fails to start, an executor
 * killed mid-task, a pause lifted, a do-not-contact entry, the licence renewed, cards moved. The
 * changes that must wake executors go through `woken` (wakes.ts). month.ts steps the clocks to
 * `next()` as well as to the executors' looks.
 */

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const MINUTE = 60_000;
/** The sandbox network's epoch, a Monday at 09:00 UTC: both clocks start there. */
export const EPOCH = Date.parse('2026-01-05T09:00:00Z');

/** The run's day of a time, from 1. */
export const day = (at: number) => Math.floor((at - EPOCH) / DAY) + 1;

/** The scenario's events, at a fraction of the run (so a short run has them all, compressed). */
export function scenario(days: number) {
  const at = (fraction: number, hour: number) =>
    EPOCH + Math.floor(days * fraction) * DAY + (hour - 9) * HOUR;
  return {
    newLeads: at(0.17, 10),
    manualSurfing: at(0.23, 14),
    settingsChange: at(0.27, 8),
    launchFailed: at(0.3, 10.5),
    killExecutor: at(0.4, 11),
    liftPause: at(0.53, 12),
    licenceExpires: at(Math.max(0.5, (days - 10) / days), 9),
    licenceRenewed: at(Math.max(0.6, (days - 8) / days), 12),
    doNotContactMidRun: at(0.2, 11),
  };
}

type Woken = <T>(reason: string, profileIds: () => readonly number[], change: () => Promise<T>) => Promise<T>;

export interface ScenarioContext {
  plan: ReturnType<typeof scenario>;
  call: ApiClient['call'];
  db: Knex;
  executors: readonly SimExecutor[];
  facts: MonthFacts;
  /** Runs a change that must wake these profiles' executors (wakes.ts). */
  woken: Woken;
  random: () => number;
  log: (line: string) => void;
  /** The leads that arrive later, into collection A. */
  later: { profileUrl: string; name: string }[];
  collectionA: number;
  doNotContact: { addMidRun(now: number): Promise<number> };
  /** The person put on the do-not-contact list mid-run (sandbox slug). */
  listedMidRun: string;
  /** Renews the licence until then (and waits for its wakes). */
  renew: (licenseTill: number) => Promise<unknown>;
}

/**
 * The licence renewed as the admin tool renews it (POST /api/admin/licence, plan and trial kept):
 * its LICENSE_UPDATE push wakes every executor, which otherwise looks again only
 * LICENCE_RETRY_SECONDS later.
 */
export async function renewLicence(input: {
  db: Knex;
  server: string;
  adminToken: string;
  email: string;
  organizationId: number;
  licenseTill: number;
}) {
  const licence = (await input
    .db('licences')
    .where({ organization_id: input.organizationId })
    .first('plan', 'is_trial')) as { plan: string; is_trial: boolean };
  const admin = createApiClient({
    baseUrl: input.server,
    headers: () => ({ 'x-admin-token': input.adminToken }),
  });
  return admin.call(contract.admin.grantLicence, {
    body: {
      email: input.email,
      plan: licence.plan,
      isTrial: licence.is_trial,
      licenseTill: new Date(input.licenseTill).toISOString(),
    },
  });
}

export function scenarioChanges(ctx: ScenarioContext) {
  const { plan, call, db, executors, facts, woken, random, log } = ctx;
  const campaignA = facts.campaigns.a;
  const statuses = CONVERSATION_STATUS_VALUES as readonly ConversationStatus[];
  const moments = Object.values(plan);
  let nextManualMove = EPOCH + DAY + 3.5 * HOUR;
  const done = new Set<string>();
  const once = async (key: string, when: number, now: number, fn: () => Promise<void>) => {
    if (now >= when && !done.has(key)) {
      done.add(key);
      await fn();
    }
  };

  /** Makes the changes due at `now`. */
  async function at(now: number): Promise<void> {
    await once('new leads', plan.newLeads, now, async () => {
      await woken(
        'new leads',
        () => facts.profilesOf[campaignA] ?? [],
        () => call(contract.leads.create, { body: { collectionId: ctx.collectionA, leads: ctx.later } }),
      );
      log(`day ${day(now)}: ${ctx.later.length} new leads`);
    });
    await once('manual surfing', plan.manualSurfing, now, async () => {
      await executors[0]?.reportManualSurfing('/feed');
    });
    await once('settings', plan.settingsChange, now, async () => {
      await woken(
        'settings changed',
        () => facts.profilesOf[campaignA] ?? [],
        () =>
          call(contract.campaigns.update, {
            params: { id: campaignA },
            body: { dailyCaps: { friendRequest: 12 }, workingHours: { start: '10:00', end: '17:00' } },
          }),
      );
      facts.settings.push({
        at: now,
        campaignId: campaignA,
        caps: { friendRequest: 12 },
        hours: { start: '10:00', end: '17:00' },
      });
      log(`day ${day(now)}: caps and hours changed`);
    });
    await once('launch failed', plan.launchFailed, now, async () => {
      const victim = executors.at(-1);
      if (!victim) return;
      await call(contract.agent.launchFailed, {
        body: {
          profileId: victim.profileId,
          message: 'Chromium exited with code 1 before the extension connected',
        },
      });
      victim.downUntil = now + 2 * HOUR;
      facts.downtimes.push({ profileId: victim.profileId, from: now, to: now + 2 * HOUR });
    });
    await once('kill', plan.killExecutor, now, async () => {
      executors[1]?.faults.add('die-before-report');
    });
    await once('lift pause', plan.liftPause, now, async () => {
      const paused = (await db('profiles')
        .whereIn('id', facts.profileIds)
        .andWhere('paused_until', '>', new Date(now))
        .first('id')) as { id: number } | undefined;
      if (paused) {
        await woken(
          'pause lifted',
          () => [Number(paused.id)],
          () => call(contract.profiles.resume, { params: { id: paused.id } }),
        );
        facts.lifted = { profileId: Number(paused.id), at: now };
      }
    });
    await once('do not contact', plan.doNotContactMidRun, now, async () => {
      const skippedTasks = await ctx.doNotContact.addMidRun(now);
      log(
        `day ${day(now)}: ${ctx.listedMidRun} put on the do-not-contact list, ${skippedTasks} task(s) skipped`,
      );
    });
    await once('renew', plan.licenceRenewed, now, async () => {
      await ctx.renew(facts.end + 30 * DAY);
      facts.licenceGap.to = now;
      log(`day ${day(now)}: licence renewed`);
    });
    if (now >= nextManualMove) {
      nextManualMove += DAY;
      const cards = (await db('conversations')
        .where({ organization_id: facts.organizationId })
        .orderBy('id')
        .select('id', 'status')) as { id: number; status: ConversationStatus }[];
      for (const card of cards.filter((_, i) => i % 7 === Math.floor(random() * 7)).slice(0, 2)) {
        const status = statuses[Math.floor(random() * statuses.length)] as ConversationStatus;
        if (status === card.status) continue;
        await call(contract.conversations.move, {
          body: { id: Number(card.id), fields: { status, order: random() * 1000 } },
        });
        facts.manualMoves.push({ conversationId: Number(card.id), status, at: now });
      }
    }
  }

  /** The time of the next change after `current`. */
  function next(current: number): number {
    return Math.min(nextManualMove, ...moments.filter((t) => t > current));
  }

  return { at, next };
}
