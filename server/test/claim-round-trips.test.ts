import type { ClaimTaskResponse } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { createTaskQueue } from '../src/engine/task-queue.ts';
import { seedLeads, setupCampaignOrg, startCampaign } from './helpers/campaign-run.ts';
import { seedProfile } from './helpers/seed-conversations.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The task protocol's database round trips (issue 14), counted as the statements knex sends (its
 * 'query' events, as auth-cache.test.ts counts them) while the HTTP request runs: the executor's
 * token is answered in process after its first request (auth-cache.test.ts), so what is counted is
 * the engine's own work. A claim is two statements, its look and its write; a done friend request
 * one; neither is wrapped in a transaction (a BEGIN and a COMMIT would be two more). And since the
 * write comes after the rules ran on what the look read, it goes through only on those same rows:
 * a profile paused, a person taken by another profile, another claim of the same profile in between
 * send the claim back to look again, and after three such races it locks the profile first.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  // The statements counted are the claim's own: no webhook worker polling the outbox and no
  // housekeeping pass (db/housekeeping.ts) meanwhile.
  server = await startTestServer(
    { WEBHOOKS_INTERVAL_MS: '0', HOUSEKEEPING_INTERVAL_MS: '0' },
    { engine: { clock, random: () => 0.5 } },
  );
});
afterAll(() => server?.close());

const db = () => server.database.db;

interface Ran {
  sql: string;
  /** knex's id of the transaction it ran in. */
  tx: string | undefined;
  /** The prepared statement's name (db/prepared.ts), if it ran as one. */
  name: string | undefined;
}

/**
 * What the database ran while `action` ran (and what the action answered), leaving out what is
 * not the engine's: a token lookup the cache had to make again (it drops what it holds when its
 * listener starts, and after a while) and the demo's timer.
 */
async function queriesDuring<T>(action: () => Promise<T>): Promise<{ sql: string[]; ran: Ran[]; result: T }> {
  const ran: Ran[] = [];
  const notTheEngine = /\b(users|organization_members|demo_sessions)\b/;
  const onQuery = (query: { sql: string; __knexTxId?: string; options?: { name?: string } }) => {
    if (!notTheEngine.test(query.sql)) {
      ran.push({ sql: query.sql, tx: query.__knexTxId, name: query.options?.name });
    }
  };
  db().on('query', onQuery);
  try {
    const result = await action();
    return { sql: ran.map((r) => r.sql), ran, result };
  } finally {
    db().off('query', onQuery);
  }
}

/** The transactions among `ran` that held an engine statement, each as its BEGIN/COMMIT/ROLLBACK. */
function engineTransactions(ran: readonly Ran[]): string[][] {
  const engine = /reachly_|campaign_tasks/;
  const ids = new Set(ran.filter((r) => r.tx && engine.test(r.sql)).map((r) => r.tx));
  return [...ids].map((id) =>
    ran
      .filter((r) => r.tx === id && /^\s*(begin|commit|rollback)\b/i.test(r.sql))
      .map((r) => r.sql.trim().replace(/;$/, '').toUpperCase()),
  );
}

/** An organisation whose one profile (out of its warm-up) runs a friend-request campaign over `leads` leads. */
async function friendRequests(prefix: string, leads: number, gapSeconds = 10) {
  const org = await setupCampaignOrg(server, prefix);
  await db()('profiles')
    .whereIn('id', org.profileIds)
    .update({ warmup_started_at: new Date('2026-01-01') });
  const seeded = await seedLeads(server, org.account.organizationId, org.collectionId, leads);
  const campaign = await startCampaign(org.account, {
    name: prefix,
    collectionId: org.collectionId,
    profileIds: org.profileIds,
    steps: [{ type: 'friendRequest' }],
    gapSeconds: { min: gapSeconds, max: gapSeconds },
  });
  return { ...org, leads: seeded, campaign, profileId: org.profileIds[0] as number };
}

/**
 * A claim straight on the engine's task queue, on a database whose claim writes (the function
 * reachly_claim_write) first run `before(n)`, n counting them from 1: what happens between a
 * claim's look and its write.
 */
function claimWithRace(
  organizationId: number,
  profileId: number,
  before: (n: number) => Promise<void>,
): Promise<ClaimTaskResponse> {
  const queue = createTaskQueue({ random: () => 0.5 });
  let writes = 0;
  const raced = new Proxy(db(), {
    get(target, key, receiver) {
      if (key !== 'raw') return Reflect.get(target, key, receiver);
      return (sql: string, bindings: Knex.RawBinding[]) => {
        const raw = target.raw(sql, bindings);
        if (!sql.includes('reachly_claim_write')) return raw;
        writes += 1;
        const n = writes;
        // The write runs once `before(n)` is done; its prepared statement's name (set at once, before
        // that) goes on to knex.
        const delayed = Object.assign(
          before(n).then(() => raw),
          {
            options(options: Readonly<Record<string, unknown>>) {
              raw.options(options);
              return delayed;
            },
          },
        );
        return delayed;
      };
    },
  });
  return queue
    .claim(raced, organizationId, profileId, clock.now(), async () => {})
    .then(({ response }) => response);
}

describe('the round trips of a claim and its outcome', () => {
  it('a claim is two statements and its done friend request one, none of them BEGIN or COMMIT', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { executor } = await friendRequests('trips', 5);
    // The first claim authenticates the token (cached from then on) and finds the campaign planned.
    await executor.step();
    clock.advance({ seconds: 11 });

    const claim = await queriesDuring(() => executor.claim());
    const claimed = claim.result.task;
    if (claimed?.action !== 'friendRequest') throw new Error('no friend request after the gap');
    expect(claim.sql).toHaveLength(2);
    expect(claim.sql[0]).toContain('reachly_claim_look');
    expect(claim.sql[1]).toContain('reachly_claim_write');

    const outcome = await queriesDuring(() => executor.report(claimed, { status: 'done', data: {} }));
    expect(outcome.sql).toHaveLength(1);
    expect(outcome.sql[0]).toContain('reachly_task_done');
    expect(engineTransactions([...claim.ran, ...outcome.ran])).toEqual([]);
    // Each a prepared statement: PostgreSQL parses and plans it once per connection (db/prepared.ts).
    expect([...claim.ran, ...outcome.ran].map((r) => r.name)).toEqual([
      'reachly_claim_look',
      'reachly_claim_write',
      'reachly_task_done',
    ]);

    const row = await db()('campaign_tasks').where({ id: claimed.id }).first('status');
    expect(row.status).toBe('done');
    const lead = await db()('leads').where({ id: claimed.lead.id }).first('friend_request_sent_at');
    expect(lead.friend_request_sent_at).not.toBeNull();
  });

  it('a claim held back by the gap or a pause is two statements too', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { executor, profileId } = await friendRequests('held', 3);
    await executor.step();
    const gap = await queriesDuring(() => executor.claim());
    expect(gap.result.reason).toBe('gap');
    expect(gap.sql).toHaveLength(2);
    await db()('profiles')
      .where({ id: profileId })
      .update({ paused_until: new Date('2026-06-01T12:00:00Z') });
    clock.advance({ seconds: 11 });
    const paused = await queriesDuring(() => executor.claim());
    expect(paused.result.reason).toBe('paused');
    expect(paused.sql).toHaveLength(2);
  });

  it('a report the process holds no lease for takes the full path, in a transaction, with the same answers', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { executor } = await friendRequests('full-path', 2);
    const task = (await executor.claim()).task;
    if (task?.action !== 'friendRequest') throw new Error('no friend request');
    const first = await executor.report(task, { status: 'done', data: {} });
    // Sent again after a lost answer: answered the same from the task as it is, nothing written twice.
    const again = await queriesDuring(() => executor.report(task, { status: 'done', data: {} }));
    expect(again.result).toEqual(first);
    expect(engineTransactions(again.ran)).toEqual([['BEGIN', 'COMMIT']]);
    expect(
      await db()('campaign_logs').where({ type: 'SENT_FRIEND_REQUEST', lead_id: task.lead.id }),
    ).toHaveLength(1);
  });
});

describe('what changes between the look and the write', () => {
  it('a pause set in between: nothing is leased, and the claim answers paused', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, profileId } = await friendRequests('race-pause', 2);
    const until = new Date('2026-06-01T11:00:00Z');
    const answer = await claimWithRace(account.organizationId, profileId, async (n) => {
      if (n === 1) await db()('profiles').where({ id: profileId }).update({ paused_until: until });
    });
    expect(answer).toMatchObject({ task: null, reason: 'paused', pausedUntil: until.toISOString() });
    expect(
      await db()('campaign_tasks').where({ profile_id: profileId }).whereNot({ status: 'pending' }),
    ).toEqual([]);
  });

  it('a person taken by another profile in between: that task is skipped and the next one leased', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, profileId, leads } = await friendRequests('race-person', 2);
    const [first, second] = leads as [(typeof leads)[number], (typeof leads)[number]];
    const other = await seedProfile(server, account.organizationId);
    const answer = await claimWithRace(account.organizationId, profileId, async (n) => {
      if (n === 1) {
        await db()('people').insert({
          organization_id: account.organizationId,
          profile_url: first.url,
          owner_profile_id: other,
        });
      }
    });
    expect(answer.task).toMatchObject({ action: 'friendRequest', lead: { id: second.id } });
    const skipped = await db()('campaign_tasks').where({ lead_id: first.id }).first('status', 'result');
    expect(skipped.status).toBe('skipped');
    expect(typeof skipped.result === 'string' ? JSON.parse(skipped.result) : skipped.result).toEqual({
      reason: 'contacted-by-another-profile',
    });
    // The person stays the other profile's: the write that found them taken wrote nothing.
    const person = await db()('people')
      .where({ organization_id: account.organizationId, profile_url: first.url })
      .first('owner_profile_id', 'owner_campaign_id');
    expect(person).toEqual({ owner_profile_id: other, owner_campaign_id: null });
  });

  it('two claims of one profile at once: one task, and the other finds the daily cap', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, profileId, campaign } = await friendRequests('race-cap', 4);
    // A cap of one request a day and no gap: only the cap can hold the second claim back.
    await db()('campaigns')
      .where({ id: campaign.id })
      .update({
        settings: db().raw(
          `jsonb_set(jsonb_set(settings, '{gapSeconds}', '{"min":0,"max":0}'), '{dailyCaps}', '{"friendRequest":1}')`,
        ),
      });
    const engine = server.running.ctx.engine;
    const answers = await Promise.all([
      engine.claim(account.organizationId, profileId),
      engine.claim(account.organizationId, profileId),
    ]);
    expect(answers.map((a) => a.reason).sort()).toEqual(['daily-cap', 'ready']);
    expect(await db()('campaign_tasks').where({ profile_id: profileId, status: 'claimed' })).toHaveLength(1);
  });

  it('after three lost races the claim locks the profile first, and goes through', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, profileId } = await friendRequests('race-lock', 2);
    const { ran, result } = await queriesDuring(() =>
      claimWithRace(account.organizationId, profileId, async (n) => {
        // Each optimistic write finds the profile changed (another server touched its row).
        if (n <= 3) {
          await db()('profiles')
            .where({ id: profileId })
            .update({ name: `Renamed ${n}` });
        }
      }),
    );
    expect(result.reason).toBe('ready');
    expect(ran.filter((r) => r.sql.includes('reachly_claim_write'))).toHaveLength(4);
    expect(engineTransactions(ran)).toEqual([['BEGIN', 'COMMIT']]);
    expect(await db()('campaign_tasks').where({ profile_id: profileId, status: 'claimed' })).toHaveLength(1);
  });
});
