import type {
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
import { writeLogs } from './activity-log.ts';
import type { Clock } from './clock.ts';
import { reportDone } from './done-outcome.ts';
import { createEventHandler } from './events/index.ts';
import { createManualMessages } from './manual-messages.ts';
import { createPlanning } from './planning.ts';
import { createProfileChanges } from './profile-changes.ts';
import { createPushes } from './pushes.ts';
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
 * The campaign engine (docs/design.md §4): the planner (planning.ts), the task protocol (task-queue.ts)
 * and the executors' events (events/), wired to the database, the clock and the organisation's
 * realtime room (pushes.ts). Each call does its work in one transaction (a claim: one statement
 * that reads, then one that writes; a plain done report: one statement; task-queue.ts), writes
 * its log rows in it, and pushes once it has committed.
 */
export function createCampaignEngine({ db, realtime, clock, provider, logger, random }: EngineDeps) {
  const queue = createTaskQueue({ random });
  const events = createEventHandler({ db, provider, random });
  const pushes = createPushes({ db, realtime });
  const planning = createPlanning({ db, clock, pushes });
  const changes = createProfileChanges({ db, clock, pushes });
  const manual = createManualMessages({ db, realtime });

  /** One step of the task protocol in a transaction with the log rows it wrote; its pushes once committed. */
  async function answerAndPush<R>(
    organizationId: number,
    now: Date,
    run: (trx: Knex.Transaction) => Promise<{ response: R; effects: Effects }>,
  ): Promise<R> {
    const { response, effects, logs } = await db.transaction(async (trx) => {
      const result = await run(trx);
      return { ...result, logs: await writeLogs(trx, organizationId, now, result.effects.logs) };
    });
    await pushes.push(organizationId, effects, logs, now);
    return response;
  }

  /** The claim reads once and writes once, no transaction around them (claim.ts); pushes what it wrote. */
  async function claim(organizationId: number, profileId: number): Promise<ClaimTaskResponse> {
    const now = clock.now();
    // A person's reply from the inbox goes before any campaign work: the look says whether one
    // waits, and then it is leased first (manual-messages.ts).
    const { response, effects, logs } = await queue.claim(
      db,
      organizationId,
      profileId,
      now,
      () => planning.replanStale(profileId, now),
      () => manual.claim(organizationId, profileId, now),
    );
    await pushes.push(organizationId, effects, logs, now);
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
    // A plain done report of a task this process leased is one statement (done-outcome.ts).
    const leased = queue.leases.find(organizationId, taskId, body);
    if (leased) {
      queue.leases.forget(taskId);
      const done = body.status === 'done' ? await reportDone(db, leased, body, now) : null;
      if (done) {
        await pushes.push(organizationId, done.effects, done.logs, now);
        return done.response;
      }
    }
    return answerAndPush(organizationId, now, (trx) => queue.outcome(trx, organizationId, taskId, body, now));
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
      await pushes
        .push(organizationId, effects, logs, now)
        .catch((error: unknown) => logger.error({ err: error }, 'campaign push failed'));
    }
    return response;
  }

  /** A manual message's started and outcome reports (their own routes: their ids are not tasks'). */
  const manualStarted = (organizationId: number, id: number, body: TaskStartedBody) =>
    manual.started(organizationId, id, body, clock.now());
  const manualOutcome = (organizationId: number, id: number, body: TaskOutcomeBody) =>
    manual.outcome(organizationId, id, body, clock.now());

  return {
    proxyChanged: changes.proxyChanged,
    manualStarted,
    manualOutcome,
    plan: planning.plan,
    claim,
    started,
    outcome,
    report,
    wake: pushes.wake,
    liftPause: changes.liftPause,
    settingsChanged: changes.settingsChanged,
    collectionChanged: planning.collectionChanged,
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
