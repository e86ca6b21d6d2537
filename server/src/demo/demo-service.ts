import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Clock } from '../engine/clock.ts';
import { HttpError, isUniqueViolation } from '../errors.ts';
import type { ProfilesService } from '../services/profiles-service.ts';
import { DEMO_TOKEN_PREFIX } from './demo-identity.ts';
import type { DemoSessionRow } from './demo-store.ts';
import { DEMO_PAYMENT_TEXTS, DEMO_TRAFFIC } from './sample-data.ts';
import { createSampleDataset } from './sample-dataset.ts';
import { DAY_MS } from './sample-types.ts';
import { wipeDemoData, writeSampleDataset } from './seed-dataset.ts';

/** How long a demo lives: reset to the seed this often, deleted after this long without a request. */
const DEMO_TIMERS = {
  resetEveryMs: 30 * 60_000,
  idleMs: 2 * 60 * 60_000,
  /** The sweeper's period. */
  sweepEveryMs: 60_000,
  /** A demo user's requests write "last seen" at most this often. */
  touchEveryMs: 60_000,
} as const;

/** Demo organisations that may exist at once; past it a new visitor is asked to come back later. */
const DEMO_MAX_SESSIONS = 500;

interface DemoSession {
  accessToken: string;
  organizationId: number;
  /** When the sweeper puts the sample data back next. */
  resetsAt: string;
}

interface DemoDeps {
  db: Knex;
  profiles: ProfilesService;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'TRIAL_DAYS'>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const visitorKeyOf = (visitorId: string) => createHash('sha256').update(visitorId).digest('hex');
const time = (v: Date | string) => new Date(v).getTime();

export type DemoService = ReturnType<typeof createDemoService>;

/**
 * Demo mode on the server: one demo organisation per visitor, seeded with the sample data, put back
 * to the seed every `resetEveryMs` of its life and deleted after `idleMs` without a request. Every
 * time is the injected clock's.
 */
export function createDemoService(deps: DemoDeps, timers = DEMO_TIMERS) {
  const { db, clock, logger } = deps;
  const touched = new Map<string, number>();
  let sweeper: NodeJS.Timeout | null = null;

  const now = () => clock.now();
  const resetsAt = (seededAt: Date | string) => new Date(time(seededAt) + timers.resetEveryMs).toISOString();

  async function seed(organizationId: number): Promise<void> {
    await writeSampleDataset(deps, organizationId, createSampleDataset(now()));
  }

  /** Deletes a demo organisation and its user (everything else goes with them by cascade). */
  async function remove(organizationId: number, userId: number): Promise<void> {
    await db.transaction(async (trx) => {
      await trx('users').where({ id: userId }).delete();
      await trx('organizations').where({ id: organizationId }).delete();
    });
  }

  /**
   * Puts the organisation's data back to the seed, if its seed is still `seededAt` (the claim: of
   * two processes sweeping at once, one resets).
   */
  async function reset(row: Pick<DemoSessionRow, 'organization_id' | 'seeded_at'>): Promise<boolean> {
    const at = now();
    const won = await db.transaction(async (trx) => {
      const claimed = await trx('demo_sessions')
        .where({ organization_id: row.organization_id, seeded_at: new Date(row.seeded_at) })
        .update({ seeded_at: at })
        .returning('organization_id');
      if (claimed.length === 0) return false;
      await wipeDemoData(trx, row.organization_id);
      await trx('traffic_allowances')
        .where({ organization_id: row.organization_id })
        .update({ used_traffic: DEMO_TRAFFIC.used.toString() });
      await trx('licences')
        .where({ organization_id: row.organization_id })
        .update({ license_till: new Date(at.getTime() + deps.config.TRIAL_DAYS * DAY_MS) });
      return true;
    });
    if (won) await seed(row.organization_id);
    return won;
  }

  /** A new demo organisation with its user, licence and traffic, seeded; null when the visitor won a race. */
  async function create(visitorKey: string): Promise<DemoSessionRow | null> {
    const at = now();
    const count = await db('demo_sessions').count({ n: '*' }).first();
    if (Number(count?.n ?? 0) >= DEMO_MAX_SESSIONS) {
      throw new HttpError('TOO_MANY_REQUESTS', 'The demo is busy; try again in a few minutes.');
    }
    let row: DemoSessionRow;
    try {
      row = await db.transaction(async (trx) => {
        const [org] = await trx('organizations')
          .insert({ name: 'Reachly demo', invite_token: `${DEMO_TOKEN_PREFIX}${hex(24)}` })
          .returning('id');
        const organizationId = Number((org as { id: unknown }).id);
        await trx('licences').insert({
          organization_id: organizationId,
          plan: 'trial',
          is_trial: true,
          license_till: new Date(at.getTime() + deps.config.TRIAL_DAYS * DAY_MS),
        });
        await trx('traffic_allowances').insert({
          organization_id: organizationId,
          traffic_limit: DEMO_TRAFFIC.limit.toString(),
          used_traffic: DEMO_TRAFFIC.used.toString(),
        });
        const [user] = await trx('users')
          .insert({
            email: `demo-${hex(8)}@demo.reachly.example`,
            // Not an argon2 hash: no password ever matches, so nobody signs in as a demo user.
            password_hash: '!demo-account',
            access_token: `${DEMO_TOKEN_PREFIX}${hex(32)}`,
            payment_texts: JSON.stringify(DEMO_PAYMENT_TEXTS),
          })
          .returning('id');
        const userId = Number((user as { id: unknown }).id);
        await trx('organization_members').insert({
          organization_id: organizationId,
          user_id: userId,
          role: 'owner',
        });
        const [session] = (await trx('demo_sessions')
          .insert({
            organization_id: organizationId,
            user_id: userId,
            visitor_key: visitorKey,
            created_at: at,
            seeded_at: at,
            last_seen_at: at,
          })
          .returning('*')) as DemoSessionRow[];
        return session as DemoSessionRow;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    try {
      await seed(row.organization_id);
    } catch (error) {
      await remove(row.organization_id, row.user_id);
      throw error;
    }
    return row;
  }

  async function find(visitorKey: string) {
    return (await db('demo_sessions as d')
      .join('users as u', 'u.id', 'd.user_id')
      .where('d.visitor_key', visitorKey)
      .first('d.*', 'u.access_token')) as (DemoSessionRow & { access_token: string }) | undefined;
  }

  /** The visitor's demo session, made (and seeded) on the first call; a seed past its time is put back first. */
  async function session(visitorId: string): Promise<DemoSession> {
    const key = visitorKeyOf(visitorId);
    let row = await find(key);
    if (!row) {
      await create(key);
      row = await find(key);
      if (!row) throw new Error('demo session vanished after it was made');
    } else {
      await db('demo_sessions')
        .where({ organization_id: row.organization_id })
        .update({ last_seen_at: now() });
      if (time(row.seeded_at) + timers.resetEveryMs <= now().getTime()) await reset(row);
      row = (await find(key)) ?? row;
    }
    return {
      accessToken: row.access_token,
      organizationId: row.organization_id,
      resetsAt: resetsAt(row.seeded_at),
    };
  }

  /** Whether a visitor id already has its demo organisation. */
  async function exists(visitorId: string): Promise<boolean> {
    return Boolean(
      await db('demo_sessions')
        .where({ visitor_key: visitorKeyOf(visitorId) })
        .first('user_id'),
    );
  }

  /** A demo user's request: "last seen" now, written at most every touchEveryMs per token. */
  async function touch(token: string): Promise<void> {
    const at = now().getTime();
    if (at - (touched.get(token) ?? Number.NEGATIVE_INFINITY) < timers.touchEveryMs) return;
    if (touched.size > 10_000) touched.clear();
    touched.set(token, at);
    await db('demo_sessions')
      .whereIn('user_id', db('users').where({ access_token: token }).select('id'))
      .update({ last_seen_at: new Date(at) });
  }

  /** Deletes the demo organisations idle for idleMs, then resets those whose seed is resetEveryMs old. */
  async function sweep(): Promise<{ deleted: number; reset: number }> {
    const at = now().getTime();
    const idle = (await db('demo_sessions').where(
      'last_seen_at',
      '<=',
      new Date(at - timers.idleMs),
    )) as DemoSessionRow[];
    for (const row of idle) await remove(row.organization_id, row.user_id);
    const due = (await db('demo_sessions').where(
      'seeded_at',
      '<=',
      new Date(at - timers.resetEveryMs),
    )) as DemoSessionRow[];
    let resets = 0;
    for (const row of due) if (await reset(row)) resets += 1;
    return { deleted: idle.length, reset: resets };
  }

  /** Whether an organisation is a demo one (admin figures leave them out). */
  async function isDemoOrganization(organizationId: number): Promise<boolean> {
    return Boolean(await db('demo_sessions').where({ organization_id: organizationId }).first('user_id'));
  }

  /** Runs the sweeper every sweepEveryMs until stop(); a failed sweep is logged and tried again. */
  function start(): void {
    if (sweeper) return;
    sweeper = setInterval(() => {
      sweep().catch((error: unknown) => logger.warn({ err: error }, 'demo sweep failed'));
    }, timers.sweepEveryMs);
    sweeper.unref();
  }

  function stop(): void {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
  }

  return { session, exists, touch, sweep, reset, isDemoOrganization, start, stop, timers };
}
