import { OffsetClock } from '@reachly/server';
import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { type E2EApp, startE2EApp } from './support/app.ts';
import { describeRun, startProfileRun, startRunCampaign, until } from './support/profile-run.ts';

/**
 * A sequence withdraws a request after N simulated days (issue 17): the built extension in a
 * profile browser works a campaign whose friend request step has withdrawAfterDays: 1 on the
 * sandbox network (its clock at 60x); a day later on both clocks, the request of the person who
 * never accepted is withdrawn, as the sandbox's own records show, and the one who accepted keeps
 * theirs.
 */
const clock = new OffsetClock();
let app: E2EApp;
let sandbox: Sandbox;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  [app, sandbox] = await Promise.all([
    startE2EApp({}, { engine: { clock } }),
    startSandbox({ seed: 21, people: 30, speed: 60 }),
  ]);
});
afterAll(async () => {
  await sandbox?.close();
  await app?.close();
});

describe('withdrawing stale friend requests', () => {
  it('withdraws the request nobody answered after a simulated day, not the accepted one', async () => {
    const people = (await sandbox.admin.people()).filter((p) => !p.sendsRequests);
    const [accepts, never] = people as [PersonSummary, PersonSummary];
    await sandbox.admin.setBehaviour(accepts.slug, { acceptAfterMs: 60_000, reply: null });
    await sandbox.admin.setBehaviour(never.slug, { acceptAfterMs: null, reply: null });
    const run = await startProfileRun(app, sandbox, inject('extensionDir'), [accepts, never]);
    const campaign = await startRunCampaign(run, {
      name: 'Requests that expire',
      steps: [{ type: 'friendRequest', withdrawAfterDays: 1 }],
      dailyCaps: { friendRequest: 10 },
    });
    const requestTo = async (p: PersonSummary) =>
      run.fromUs((await sandbox.admin.receivedBy(p.slug)).requests);
    try {
      await until(
        'both requests sent',
        async () => (await requestTo(never)).length === 1 && (await requestTo(accepts)).length === 1,
      );
      // The request's age counts from its done report, a moment after the network shows it: the
      // day passes once the server has both (advanced before, the withdrawal would not be due).
      await until('both requests logged', async () => {
        const { logs } = await run.call(contract.campaigns.logs, {
          params: { id: campaign.id },
          query: { limit: 50 },
        });
        return logs.filter((l) => l.message === 'Friend request sent').length === 2;
      });
      // A day later on both clocks: the network's day has passed, the server plans the withdrawal.
      clock.advance({ days: 1, minutes: 2 });
      await sandbox.admin.setClock({ advanceMs: DAY + 2 * 60_000 });
      app.running.ctx.engine.wake(run.account.user.organizationId, [run.profileId], 'a day passed');
      const [withdrawn] = await until('the withdrawal', async () => {
        const requests = await requestTo(never);
        return requests[0]?.status === 'withdrawn' ? requests : null;
      });
      expect((withdrawn?.withdrawnAt ?? 0) - (withdrawn?.sentAt ?? 0)).toBeGreaterThanOrEqual(DAY);
      expect(await requestTo(accepts)).toMatchObject([{ status: 'accepted', withdrawnAt: null }]);
      expect((await sandbox.admin.accounts()).find((a) => a.login === run.login)?.pendingRequests).toBe(0);
      // The outcome reaches the server a moment after the network shows the withdrawal (the
      // extension reports once the page answered): the log is read when it has caught up.
      const withdrawals = await until('the withdrawal logged', async () => {
        const { logs } = await run.call(contract.campaigns.logs, {
          params: { id: campaign.id },
          query: { limit: 50 },
        });
        const rows = logs.filter((l) => l.message?.startsWith('Friend request withdrawn'));
        return rows.length > 0 ? rows : null;
      });
      expect(withdrawals).toHaveLength(1);
    } catch (error) {
      throw new Error(`${String(error)}\n${await describeRun(run, campaign.id)}`);
    } finally {
      await run.close();
    }
  });
});
