import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  campaignLog,
  type NewCampaign,
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { collect } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * The friend-request slow-down (issue 17; shared/src/logic/slow-down.ts, engine/slow-down.ts) on
 * the real task protocol: a profile whose last decided requests were mostly left unanswered sends
 * fewer a day, with one notice saying why, and as many as before once people accept again, with one
 * notice. A request is decided when accepted or 14 days after it went out; the last 10 are the 10
 * decided last. UTC profiles, working hours 09:00-18:00, one request a minute.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;

/** An organisation with one warmed-up profile (its caps are the campaign's own) and 120 leads, its campaign started. */
async function running(prefix: string, step: NewCampaign['steps'][number]) {
  clock.set('2026-06-01T09:30:00Z');
  const org = await setupCampaignOrg(server, prefix);
  const profileId = org.profileIds[0] as number;
  await db()('profiles')
    .where({ id: profileId })
    .update({ warmup_started_at: new Date('2026-01-01') });
  await seedLeads(server, org.account.organizationId, org.collectionId, 120);
  const campaign = await startCampaign(org.account, {
    name: prefix,
    collectionId: org.collectionId,
    profileIds: org.profileIds,
    steps: [step],
    dailyCaps: { friendRequest: 20 },
    gapSeconds: { min: 60, max: 60 },
  });
  const profile = await db()('profiles').where({ id: profileId }).first('name');
  /** The friend requests handed out on the day from `at` on, until the cap stops them. */
  const day = async (at: string) => {
    clock.set(at);
    const run = await runUntilIdle([org.executor], clock);
    expect(run.stopped.get(profileId)?.reason).toBe('daily-cap');
    return run.tasks.filter((t) => t.action === 'friendRequest');
  };
  /** People who accept now, at `at`. */
  const accept = async (at: string, urls: string[]) => {
    clock.set(at);
    await reportEvents(
      org.account,
      profileId,
      urls.map((profileUrl) => ({ kind: 'friendAccepted' as const, profileUrl })),
    );
  };
  const signals = async () =>
    (await campaignLog(server, campaign.id)).filter((l) => l.type === 'SIGNAL').map((l) => l.message);
  return { ...org, profileId, name: profile?.name as string, day, accept, signals };
}

const urlsOf = (tasks: { lead?: { profileUrl: string } }[]) => tasks.map((t) => t.lead?.profileUrl as string);

describe('slowing down on a low acceptance rate', () => {
  it('steps the cap down with one notice per change when few of the last decided requests were accepted, and back up when people accept again', async () => {
    const p = await running('slow', {
      type: 'friendRequest',
      slowDown: { lastRequests: 10, minAcceptanceRate: 0.3 },
    });
    const notices = collect(p.socket, 'campaign-notice');
    expect(await p.day('2026-06-01T09:30:00Z')).toHaveLength(20);
    const second = await p.day('2026-06-02T09:30:00Z');
    expect(second).toHaveLength(20);
    // Two of the second day's people accept on day 15, after the first day's twenty went 14 days
    // unanswered: the last 10 decided are those 2 and 8 of the first day (20 %: under 30 %, not
    // under half of it).
    await p.accept('2026-06-15T12:00:00Z', urlsOf(second.slice(0, 2)));
    const halved = await p.day('2026-06-16T09:00:00Z');
    expect(halved).toHaveLength(10);
    expect(await p.signals()).toEqual([
      `${p.name} sends at most 10 friend requests a day instead of 20: only 2 of its last 10 requests were accepted (20%, below 30%). A request counts once it is accepted or 14 days old.`,
    ]);
    // The next morning the second day's other 18 have gone 14 days unanswered: 0 of the last 10.
    expect(await p.day('2026-06-17T09:00:00Z')).toHaveLength(5);
    expect((await p.signals())[1]).toBe(
      `${p.name} sends at most 5 friend requests a day instead of 10: only 0 of its last 10 requests were accepted (0%, under half of 30%). A request counts once it is accepted or 14 days old.`,
    );
    // Six of the halved day's people accept: 6 of the last 10 decided (60 %, over 37.5 %).
    await p.accept('2026-06-17T12:00:00Z', urlsOf(halved.slice(0, 6)));
    expect(await p.day('2026-06-18T09:00:00Z')).toHaveLength(20);
    expect((await p.signals())[2]).toBe(
      `${p.name} may send 20 friend requests a day again instead of 5: 6 of its last 10 requests were accepted (60%, at least 37.5%).`,
    );
    // Nothing new decided: the same cap, no notice.
    expect(await p.day('2026-06-19T09:00:00Z')).toHaveLength(20);
    expect(await p.signals()).toHaveLength(3);
    expect(notices).toHaveLength(3);
    expect(notices[0]).toMatchObject({ type: 'SIGNAL', level: 'warning', profileId: p.profileId });
  });

  it('writes one notice when claims of the profile decide at once', async () => {
    const p = await running('slow-race', { type: 'friendRequest' });
    const notices = collect(p.socket, 'campaign-notice');
    expect(await p.day('2026-06-01T09:30:00Z')).toHaveLength(20);
    expect(await p.day('2026-06-02T09:30:00Z')).toHaveLength(20);
    // 40 requests unanswered for 14 days (0 % of the last 30): three claims open the day together
    // (on PostgreSQL they race for real, with a notice each without the write's guard; PGlite
    // runs their statements one after another).
    clock.set('2026-06-17T09:30:00Z');
    const answers = await Promise.all([p.executor.claim(), p.executor.claim(), p.executor.claim()]);
    expect(answers.filter((a) => a.task !== null)).toHaveLength(1);
    expect(await p.signals()).toEqual([
      expect.stringContaining('sends at most 5 friend requests a day instead of 20'),
    ]);
    expect(notices).toHaveLength(1);
  });

  it('keeps the cap when the step turns the slow-down off', async () => {
    const p = await running('slow-off', { type: 'friendRequest', slowDown: false });
    expect(await p.day('2026-06-01T09:30:00Z')).toHaveLength(20);
    expect(await p.day('2026-06-02T09:30:00Z')).toHaveLength(20);
    // 40 requests unanswered for 14 days: on (30 at 20 %), the cap would be a quarter.
    expect(await p.day('2026-06-17T09:30:00Z')).toHaveLength(20);
    expect(await p.signals()).toEqual([]);
  });

  it('changes nothing while fewer requests are decided than it looks at (30 by default)', async () => {
    const p = await running('slow-few', { type: 'friendRequest' });
    expect(await p.day('2026-06-01T09:30:00Z')).toHaveLength(20);
    // 20 requests unanswered for 14 days: 0 % of 20 decided, fewer than 30.
    expect(await p.day('2026-06-16T09:30:00Z')).toHaveLength(20);
    expect(await p.signals()).toEqual([]);
  });
});
