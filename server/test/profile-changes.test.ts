import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  campaignLog,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { collect } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * What a person changes about a profile or a campaign's leads, as the engine tells it: a proxy
 * that truly changed is logged as CHANGED_PROXY on the profile's running campaigns (named, never
 * with a credential); new leads of a running campaign's collection and a lifted pause each wake
 * the profile's executor (issue 14: "the server wakes an idle executor when work becomes due").
 * 2026-06-01 is a Monday (UTC profiles).
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const gap = { min: 60, max: 60 };

interface Wake {
  profileIds: number[] | null;
  reason: string;
}

/** The wakes this socket received that name the profile (or every profile), by reason. */
const wakesOf = (seen: unknown[], profileId: number) =>
  (seen as Wake[])
    .filter((w) => w.profileIds === null || w.profileIds.includes(profileId))
    .map((w) => w.reason);

describe('a proxy change', () => {
  it('is logged as CHANGED_PROXY with the profile name and no credential, only when the proxy truly changed', async () => {
    const { account, collectionId, profileIds, socket } = await setupCampaignOrg(server, 'proxy');
    const profileId = profileIds[0] as number;
    const wakes = collect(socket, 'executor-wake');
    await seedLeads(server, account.organizationId, collectionId, 2);
    await account.call(contract.profiles.update, {
      body: {
        id: profileId,
        name: 'Nora (EU)',
        proxySource: 'MANUAL',
        HTTPProxyAddress: 'proxy-one.example:8080',
        proxyLogin: 'nora-login',
        proxyPassword: 'first-secret-pw',
        proxyTimezone: 'Europe/Berlin',
      },
    });
    const campaign = await startCampaign(account, {
      name: 'Proxy',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const changes = async () =>
      (await campaignLog(server, campaign.id)).filter((l) => l.type === 'CHANGED_PROXY');
    const profile = (await account.call(contract.profiles.list, { query: {} })).profiles.find(
      (p) => p.id === profileId,
    );
    if (!profile) throw new Error('no profile');

    // The profile form sends every field on each save: a new name with the same proxy is no proxy change,
    const { id: _id, createdAt: _c, updatedAt: _u, hasProxyPassword: _h, isReady: _r, ...settings } = profile;
    await account.call(contract.profiles.update, {
      body: { ...settings, id: profileId, name: 'Nora (Europe)' },
    });
    // nor is the same password typed again.
    await account.call(contract.profiles.update, {
      body: { id: profileId, proxyPassword: 'first-secret-pw' },
    });
    expect(await changes()).toEqual([]);

    // A new address with credentials in it, a new login and password: one row, on the running campaign.
    await account.call(contract.profiles.update, {
      body: {
        ...settings,
        id: profileId,
        name: 'Nora (Europe)',
        HTTPProxyAddress: 'http://addr-user:addr-secret@proxy-two.example:3128',
        proxyLogin: 'nora-login-2',
        proxyPassword: 'second-secret-pw',
        proxyTimezone: 'Europe/Berlin',
      },
    });
    const [row, ...more] = await changes();
    expect(more).toEqual([]);
    expect(row?.message).toMatch(
      /^Nora \(Europe\)'s proxy changed \(HTTPProxyAddress, proxyLogin, password\)/,
    );
    for (const secret of [
      'addr-user',
      'addr-secret',
      'proxy-two',
      'nora-login',
      'second-secret-pw',
      'first-secret-pw',
    ])
      expect(row?.message).not.toContain(secret);
    await expect.poll(() => wakesOf(wakes, profileId)).toContain('proxy changed');
    // A bad body changes nothing and logs nothing.
    await expect(
      account.call(contract.profiles.update, { body: { id: profileId, HTTPProxyAddress: 'not an address' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await changes()).toHaveLength(1);
  });
});

describe('the server wakes the executor', () => {
  it('when new leads arrive in the collection of a running campaign, not when they arrive elsewhere', async () => {
    const { account, collectionId, profileIds, socket, executor } = await setupCampaignOrg(
      server,
      'wake-leads',
    );
    const profileId = profileIds[0] as number;
    await seedLeads(server, account.organizationId, collectionId, 1);
    await startCampaign(account, {
      name: 'Wake on leads',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const first = await executor.claim();
    if (!first.task) throw new Error('no task');
    await executor.report(first.task, { status: 'done', data: {} });
    // Idle: nothing left to do.
    clock.advance({ seconds: 61 });
    expect(await executor.claim()).toMatchObject({ task: null });
    const wakes = collect(socket, 'executor-wake');

    const other = await account.call(contract.collections.create, { body: { name: 'wake-leads other' } });
    await account.call(contract.leads.create, {
      body: { collectionId: other.id, leads: [{ profileUrl: 'https://network.example/people/elsewhere-1' }] },
    });
    await account.call(contract.leads.create, {
      body: {
        collectionId,
        leads: [{ profileUrl: 'https://network.example/people/wake-new-1', name: 'Wendy New' }],
      },
    });
    await expect.poll(() => wakesOf(wakes, profileId)).toContain('new leads');
    expect(wakesOf(wakes, profileId).filter((r) => r === 'new leads')).toHaveLength(1);
    const woken = (wakes as Wake[]).find((w) => w.reason === 'new leads');
    expect(woken?.profileIds).toEqual([profileId]);
    // The work the push announced is there for the claim it causes.
    clock.advance({ seconds: 61 });
    const next = await executor.claim();
    expect(next.task).toMatchObject({ action: 'friendRequest', lead: { name: 'Wendy New' } });
  });

  it("when a person lifts the profile's pause", async () => {
    const { account, collectionId, profileIds, socket, executor } = await setupCampaignOrg(
      server,
      'wake-resume',
    );
    const profileId = profileIds[0] as number;
    await seedLeads(server, account.organizationId, collectionId, 2);
    await startCampaign(account, {
      name: 'Wake on resume',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: gap,
    });
    const { task } = await executor.claim();
    if (!task) throw new Error('no task');
    await executor.report(task, { status: 'restricted', signal: 'RESTRICTION', message: 'Slow down' });
    expect(await executor.claim()).toMatchObject({ task: null, reason: 'paused' });
    const wakes = collect(socket, 'executor-wake');

    await account.call(contract.profiles.resume, { params: { id: profileId } });
    await expect.poll(() => wakesOf(wakes, profileId)).toContain('pause lifted');
    expect((wakes as Wake[]).find((w) => w.reason === 'pause lifted')?.profileIds).toEqual([profileId]);
    expect((await executor.claim()).task?.action).toBe('friendRequest');
    const paused = await db()('profiles').where({ id: profileId }).first('paused_until');
    expect(paused?.paused_until).toBeNull();
  });
});
