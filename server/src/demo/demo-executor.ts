import { seededRandom } from '@reachly/shared/logic';
import {
  type ExecutorEvent,
  type ExecutorTask,
  MANUAL_MESSAGE_ACTION,
  type TaskOutcomeBody,
  taskOutcomeBodySchema,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CampaignEngine, Clock } from '../engine/index.ts';

/** What the sandbox's people answer a message with, when they answer (the engine reads the intent). */
const REPLIES = [
  'Sounds interesting. How does it work?',
  'Mostly referrals, honestly. Why do you ask?',
  'Busy season right now, can you ping me next month?',
  'Thanks, but we are fully booked. Not interested.',
  'Sure, tell me more.',
];

const MINUTE_MS = 60_000;

interface DemoExecutorOptions {
  /** Only demos with a request this recently run: a visitor is watching. */
  activeMs: number;
  /** How many of the friend requests are accepted, and of the messages answered. */
  acceptRate: number;
  replyRate: number;
}

const DEMO_EXECUTOR_OPTIONS: DemoExecutorOptions = {
  activeMs: 15 * MINUTE_MS,
  acceptRate: 0.6,
  replyRate: 0.5,
};

interface Reaction {
  organizationId: number;
  profileId: number;
  at: number;
  event: ExecutorEvent;
}

/** The outcome a profile's browser would report for a task it did on the sandbox network. */
function doneOutcome(task: ExecutorTask): TaskOutcomeBody {
  const data: Record<string, unknown> = {};
  if ('lead' in task) data.hasMessageButton = true;
  if ('text' in task) data.text = task.text;
  if (task.action === 'likePosts') data.liked = task.count;
  if (task.action === 'collect') data.collected = [];
  return taskOutcomeBodySchema.parse({
    status: 'done',
    profileId: task.profileId,
    attempt: task.attempt,
    data,
  });
}

export type DemoExecutor = ReturnType<typeof createDemoExecutor>;

/**
 * No desktop app runs a demo profile, so the server plays the profiles' browsers and the sandbox
 * network's people for the demos a visitor is watching: it claims each running campaign's tasks
 * through the engine's own task protocol (claim, started, outcome), waits the gaps the engine
 * answers, and some of the people accept the friend request or answer a message a little later
 * (an event, as the extension reports what it reads). Working hours, caps, warm-up and pauses are
 * the engine's, as for a real profile. Its state is in memory: after a restart the next claim
 * simply asks again.
 */
export function createDemoExecutor(
  { db, engine, clock, logger }: { db: Knex; engine: CampaignEngine; clock: Clock; logger: Logger },
  options: DemoExecutorOptions = DEMO_EXECUTOR_OPTIONS,
) {
  const nextClaimAt = new Map<number, number>();
  let reactions: Reaction[] = [];

  function react(organizationId: number, task: ExecutorTask, now: number): void {
    if (!('lead' in task)) return;
    const random = seededRandom(task.id * 7919 + task.attempt);
    const later = (minutes: number) => now + (minutes + random() * minutes) * MINUTE_MS;
    const profileUrl = task.lead.profileUrl;
    if (task.action === 'friendRequest' && random() < options.acceptRate) {
      const at = later(20);
      const event = { kind: 'friendAccepted' as const, profileUrl, at: new Date(at).toISOString() };
      reactions.push({ organizationId, profileId: task.profileId, at, event });
    } else if (
      (task.action === 'welcomeMessage' || task.action === 'followUp') &&
      random() < options.replyRate
    ) {
      const at = later(15);
      const text = REPLIES[Math.floor(random() * REPLIES.length)] ?? 'Thanks!';
      const event = { kind: 'message' as const, profileUrl, text, sentAt: new Date(at).toISOString() };
      reactions.push({ organizationId, profileId: task.profileId, at, event });
    }
  }

  /** The due reactions, reported as the profile's browser reports what it reads. */
  async function deliver(now: number): Promise<void> {
    const due = reactions.filter((r) => r.at <= now);
    reactions = reactions.filter((r) => r.at > now);
    for (const r of due) {
      await engine
        .report(r.organizationId, { profileId: r.profileId, events: [r.event] })
        .catch((error: unknown) => logger.debug({ err: error }, 'demo: a reaction found no profile'));
    }
  }

  /** One profile: claim, and when a task comes, do it on the sandbox and report it done. */
  async function work(organizationId: number, profileId: number, now: number): Promise<boolean> {
    if ((nextClaimAt.get(profileId) ?? 0) > now) return false;
    const claim = await engine.claim(organizationId, profileId);
    nextClaimAt.set(profileId, now + Math.max(30, claim.retryAfterSeconds) * 1000);
    const task = claim.task;
    if (!task) return false;
    // A visitor's reply from the inbox has its own reports (its id is not a campaign task's).
    const manual = task.action === MANUAL_MESSAGE_ACTION;
    const report = manual
      ? { started: engine.manualStarted, outcome: engine.manualOutcome }
      : { started: engine.started, outcome: engine.outcome };
    await report.started(organizationId, task.id, { profileId, attempt: task.attempt });
    await report.outcome(organizationId, task.id, doneOutcome(task));
    react(organizationId, task, now);
    return true;
  }

  /** One round over the watched demos' running campaigns; answers how many tasks were done. */
  async function tick(): Promise<number> {
    const now = clock.now().getTime();
    await deliver(now);
    const profiles = (await db('demo_sessions as d')
      .join('campaigns as c', 'c.organization_id', 'd.organization_id')
      .join('campaign_profiles as cp', 'cp.campaign_id', 'c.id')
      .where('c.status', 'running')
      .andWhere('d.last_seen_at', '>', new Date(now - options.activeMs))
      .distinct('d.organization_id', 'cp.profile_id')) as { organization_id: number; profile_id: number }[];
    let done = 0;
    for (const p of profiles) {
      try {
        if (await work(p.organization_id, p.profile_id, now)) done += 1;
      } catch (error) {
        // A demo reset or deleted meanwhile, a lease lost: the next round asks again.
        logger.debug({ err: error }, 'demo: a task was not done');
      }
    }
    return done;
  }

  return { tick };
}
