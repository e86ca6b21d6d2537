import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, loadConfig, ManualClock, migrateToLatest, startServer } from '@reachly/server';
import { type ClientInput, contract, createApiClient } from '@reachly/shared/contract';
import type { Knex } from 'knex';
import pg from 'pg';
import { embeddedDatabase } from '../../server/src/db/knex.ts';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { makeDoNotContactList } from './do-not-contact-list.ts';
import { HARD_ANSWERS, type HardAnswer, type MonthFacts } from './facts.ts';
import { checkInvariants } from './invariants.ts';
import { peakPending } from './invariants-withdrawals.ts';
import type { Skin } from './network-driver.ts';
import { type SoakReport, summarise } from './report.ts';
import { DAY, day, EPOCH, HOUR, MINUTE, renewLicence, scenario, scenarioChanges } from './scenario.ts';
import { SimExecutor, type SimRecord } from './sim-executor.ts';
import { changeThatWakes, type ExpectedWake } from './wakes.ts';

/**
 * A simulated month of a real-sized campaign: the real server (an injected clock, on PGlite or
 * PostgreSQL), the sandbox network moved in lock-step with it through its clock, and one simulated
 * executor per profile speaking the real task protocol. The scenario seeds what real weeks bring:
 * acceptances over days, replies of every kind and twice, a profile that goes too fast (once told an
 * end time already past), the licence lapsing and renewed, caps and hours changed mid-run, new
 * leads, a person moving cards, a browser that fails to start, an executor killed mid-task, a
 * do-not-contact list made before planning and added to while the campaigns run, unanswered friend
 * requests withdrawn after their age. At the
 * end the sandbox's own records are held against the server's (invariants.ts).
 */

export interface MonthOptions {
  days: number;
  profiles: number;
  /** People per collection; the two collections share a fifth of them. */
  perCollection: number;
  /** PostgreSQL URL (a fresh schema is made and dropped); absent: in-memory PGlite. */
  databaseUrl?: string;
  seed?: number;
  log?: (line: string) => void;
  /** A built dashboard for the server to serve (for `inspect`). */
  dashboardDir?: string;
  /** The network's skin: its own pages (default) or the Facebook replica (`--skin facebook`). */
  skin?: Skin;
  /** Called at the end, before the server stops: a person's look at the run (screenshots). */
  inspect?: (run: SoakRun) => Promise<void>;
}

/** What a look at the finished run needs: where the server is and who to sign in as. */
export interface SoakRun {
  url: string;
  email: string;
  password: string;
  campaigns: { a: number; b: number };
}

async function openDatabase(databaseUrl: string | undefined): Promise<{ db: Knex; close(): Promise<void> }> {
  if (!databaseUrl) {
    const db = createDatabase({ dataDir: null });
    // knex gives up on its connection after 60 s; creating PGlite can take longer on a loaded machine.
    await embeddedDatabase(db)?.waitReady;
    await migrateToLatest(db);
    return { db, close: () => db.destroy() };
  }
  const schema = `soak_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = createDatabase({ databaseUrl, searchPath: schema });
  await migrateToLatest(db);
  return {
    db,
    async close() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

type CampaignStepInput = ClientInput<typeof contract.campaigns.create>['body']['steps'][number];

export async function runSimulatedMonth(options: MonthOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const { days, profiles: profileCount, perCollection } = options;
  const people = Math.round(perCollection * 1.8) + 40;
  const skin = options.skin ?? 'sandbox';
  const sandbox: Sandbox = await startSandbox({ seed: options.seed ?? 7, people, speed: 1e-9, skin });
  const clock = new ManualClock(EPOCH);
  const database = await openDatabase(options.databaseUrl);
  const { db } = database;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'soak-secret-soak-secret-soak-secret-01234',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reachly-soak-')),
    AUTH_RATE_LIMIT: '100000',
    ...(options.dashboardDir ? { DASHBOARD_DIR: options.dashboardDir } : {}),
  });
  let seed = options.seed ?? 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const running = await startServer({ config, db, engine: { clock, random } });
  const server = running.url;
  const executors: SimExecutor[] = [];
  try {
    const email = `soak-${Date.now()}@example.com`;
    const password = 'soak-password-1';
    const registered = await createApiClient({ baseUrl: server }).call(contract.auth.register, {
      body: { email, password },
    });
    const { accessToken: token, organizationId } = registered.user;
    const { call } = createApiClient({ baseUrl: server, headers: () => ({ authorization: token }) });
    const plan = scenario(days);
    // The licence lapses on the scenario's day and is renewed two days later.
    await db('licences')
      .where({ organization_id: organizationId })
      .update({ license_till: new Date(plan.licenceExpires) });

    // Profiles and their sandbox accounts; one profile works in New York time.
    const zones = ['UTC', 'UTC', 'America/New_York', 'UTC', 'UTC'];
    const profileIds: number[] = [];
    /** When each profile's browser was down (a launch that failed, an executor killed mid-task). */
    const downtimes: MonthFacts['downtimes'] = [];
    const record: SimRecord = {
      claims: new Map(),
      restrictions: [],
      wakes: new Map(),
      looks: new Map(),
      firstClaimed: new Map(),
    };
    for (let i = 0; i < profileCount; i += 1) {
      const [row] = (await db('profiles')
        .insert({
          organization_id: organizationId,
          name: `Seller ${i + 1}`,
          proxy_timezone: zones[i % zones.length],
        })
        .returning('id')) as { id: number }[];
      const profileId = Number(row?.id);
      profileIds.push(profileId);
      const login = `seller${i + 1}`;
      await sandbox.admin.createAccount({ login, password: 'pw', name: `Seller ${i + 1}` });
      executors.push(
        new SimExecutor(
          {
            call,
            profileId,
            sandbox,
            login,
            password: 'pw',
            inboxEveryMs: 10 * MINUTE,
            maxWaitMs: 10 * MINUTE,
            skin,
            onDown: (downtime) => downtimes.push(downtime),
          },
          record,
        ),
      );
    }

    // Each executor hears the server's pushes on its own socket, as the extension does.
    const session = { serverUrl: server, accessToken: token };
    const simNow = () => clock.now().getTime();
    for (const executor of executors) await executor.listen(session, organizationId, simNow);
    const expectedWakes: ExpectedWake[] = [];
    const woken = <T>(reason: string, profileIds: () => readonly number[], change: () => Promise<T>) =>
      changeThatWakes(executors, expectedWakes, { at: simNow(), reason, profileIds }, change);

    // Two collections sharing a fifth of their people; more leads arrive later.
    const world = await sandbox.admin.people();
    // A person's page as the skin shows it: /people/<slug> on the sandbox, /<slug> on the replica.
    const pageOf = skin === 'facebook' ? (p: PersonSummary) => `/${p.slug}` : (p: PersonSummary) => p.url;
    const lead = (p: PersonSummary) => ({ profileUrl: `${sandbox.url}${pageOf(p)}`, name: p.name });
    const overlap = Math.round(perCollection / 5);
    const inA = world.slice(0, perCollection);
    const inB = world.slice(perCollection - overlap, 2 * perCollection - overlap);
    const later = world.slice(2 * perCollection - overlap, 2 * perCollection - overlap + 40);
    // Every sixth person who answers at all gives one of the harder answers, in turn.
    const answers = new Map<string, HardAnswer>();
    const answering = [...inA, ...inB].filter((p, i, all) => p.behaviour.reply && all.indexOf(p) === i);
    for (let i = 0; i < answering.length; i += 6) {
      const person = answering[i] as PersonSummary;
      const answer = HARD_ANSWERS[(i / 6) % HARD_ANSWERS.length] as HardAnswer;
      answers.set(person.slug, answer);
      await sandbox.admin.setBehaviour(person.slug, { reply: answer });
    }
    const collectionA = (await call(contract.collections.create, { body: { name: 'Founders' } })).id;
    const collectionB = (await call(contract.collections.create, { body: { name: 'Agencies' } })).id;
    for (const [collectionId, list] of [
      [collectionA, inA],
      [collectionB, inB],
    ] as const) {
      for (let i = 0; i < list.length; i += 1000) {
        await call(contract.leads.create, {
          body: { collectionId, leads: list.slice(i, i + 1000).map(lead) },
        });
      }
    }
    // The do-not-contact list, made before the campaigns are planned; the last of A's own people
    // (planned at the start, reached only days later) is added while they run.
    const bOnly = inB.slice(overlap);
    const listedMidRun = inA[perCollection - overlap - 1] as PersonSummary;
    const doNotContact = await makeDoNotContactList({
      call,
      people: [...inA, ...inB, ...later],
      lead,
      byUrl: inA[2] as PersonSummary,
      byName: bOnly[3] as PersonSummary,
      bySurname: inA[5] as PersonSummary,
      midRun: listedMidRun,
      at: EPOCH,
    });

    const split = Math.max(1, Math.ceil(profileCount * 0.6));
    // Unanswered requests are withdrawn: after a third of the run (a week at most), a day later in B.
    const withdrawAfter = Math.min(7, Math.max(1, Math.floor(days / 3)));
    const aiReply: CampaignStepInput = {
      type: 'aiReply',
      intents: {
        interested: 'Great to hear, {firstName}! Shall I send you a short demo?',
        question: 'It starts at 49 EUR a month, {firstName}.',
        booked: 'Perfect, talk to you then, {firstName}.',
        'not-interested': 'Understood, {firstName}. All the best!',
      },
      fallbackTemplate: 'Thanks for your answer, {firstName}.',
      contactLater: {
        template: 'Hi again {firstName}, you asked me to write about now. Is it a better time?',
        defaultDays: 4,
      },
    };
    const campaignA = await call(contract.campaigns.create, {
      body: {
        name: 'Founders outreach',
        collectionId: collectionA,
        profileIds: profileIds.slice(0, split),
        steps: [
          { type: 'target', filters: { skipContacted: true } },
          // Issue 17's sequence: a request unanswered after its age is withdrawn, then the person followed.
          {
            type: 'friendRequest',
            withdrawAfterDays: withdrawAfter,
            afterWithdrawal: { action: 'followPerson' },
          },
          { type: 'acceptRequests' },
          { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}, thanks for connecting!' },
          aiReply,
          { type: 'followUp', afterDays: 3, template: 'Any thoughts, {firstName}?' },
          {
            type: 'followUp',
            afterDays: 5,
            template: 'Last note from me, {firstName}: happy to help any time.',
          },
        ],
        gapSeconds: { min: 60, max: 300 },
      },
    });
    // The second campaign's profiles go too fast for the network.
    const campaignB = await call(contract.campaigns.create, {
      body: {
        name: 'Agencies outreach',
        collectionId: collectionB,
        profileIds: profileIds.slice(split),
        steps: [
          { type: 'target', filters: { skipContacted: true } },
          // Each person's page is visited before the request (the warm-up).
          { type: 'visitProfile' },
          { type: 'friendRequest', withdrawAfterDays: withdrawAfter + 1 },
          { type: 'welcomeMessage', template: 'Hello {firstName}, glad to connect.' },
          aiReply,
          { type: 'followUp', afterDays: 4, template: 'Did you see my message, {firstName}?' },
        ],
        dailyCaps: { friendRequest: 60, welcomeMessage: 40 },
        gapSeconds: { min: 15, max: 30 },
      },
    });
    for (const [campaign, ids] of [
      [campaignA, profileIds.slice(0, split)],
      [campaignB, profileIds.slice(split)],
    ] as const) {
      await woken(
        'campaign running',
        () => ids,
        () => call(contract.campaigns.start, { params: { id: campaign.id } }),
      );
    }
    // The network warns at more than 10 requests in 30 minutes and blocks for 6 hours after that.
    await sandbox.admin.setLimits({
      'friend-request': { max: 10, windowMs: 30 * MINUTE, blockMs: 6 * HOUR },
    });
    // The first warning of the fast campaign names an end time that has already passed.
    const fast = executors[split];
    fast?.faults.add('past-end-time');

    const facts: MonthFacts = {
      epoch: EPOCH,
      end: EPOCH + days * DAY,
      organizationId,
      profileIds,
      zones: Object.fromEntries(profileIds.map((id, i) => [id, zones[i % zones.length] as string])),
      accounts: Object.fromEntries(profileIds.map((id, i) => [id, `seller${i + 1}`])),
      campaigns: { a: campaignA.id, b: campaignB.id },
      profilesOf: { [campaignA.id]: profileIds.slice(0, split), [campaignB.id]: profileIds.slice(split) },
      settings: [],
      licenceGap: { from: plan.licenceExpires, to: plan.licenceRenewed },
      manualMoves: [],
      downtimes,
      answers,
      doNotContact: doNotContact.list,
      withdrawAfterDays: { [campaignA.id]: withdrawAfter, [campaignB.id]: withdrawAfter + 1 },
      wakes: expectedWakes,
    };
    facts.settings.push(
      {
        at: EPOCH,
        campaignId: campaignA.id,
        caps: { friendRequest: 20 },
        hours: { start: '09:00', end: '18:00' },
      },
      {
        at: EPOCH,
        campaignId: campaignB.id,
        caps: { friendRequest: 60, welcomeMessage: 40 },
        hours: { start: '09:00', end: '18:00' },
      },
    );

    const changes = scenarioChanges({
      plan,
      call,
      db,
      executors,
      facts,
      woken,
      random,
      log,
      later: later.map(lead),
      collectionA,
      doNotContact,
      listedMidRun: listedMidRun.slug,
      renew: (licenseTill) =>
        woken(
          'LICENSE_UPDATE',
          () => profileIds,
          () =>
            renewLicence({ db, server, adminToken: config.ADMIN_TOKEN, email, organizationId, licenseTill }),
        ),
    });
    let ticks = 0;
    // The simulation: the executor due first looks, or the scenario changes something (at its own
    // time: the wakes it pushes bring the looks); both clocks move to that time.
    for (;;) {
      const executor = executors.reduce((a, b) => (b.nextAt < a.nextAt ? b : a));
      const current = clock.now().getTime();
      const now = Math.max(current, Math.min(executor.nextAt, changes.next(current)));
      if (now >= facts.end) break;
      const step = now - clock.now().getTime();
      if (step > 0) {
        clock.advance({ seconds: step / 1000 });
        sandbox.context.clock.advance(step);
        sandbox.context.scheduler.runDue();
      }
      await changes.at(now);
      if (executor.nextAt > now) continue;
      await executor.tick(now);
      ticks += 1;
      if (ticks % 2000 === 0) log(`day ${day(now)}: ${ticks} looks`);
    }
    log(`simulated ${days} days in ${ticks} looks; checking`);
    const violations = await checkInvariants(db, sandbox, facts, record);
    const report = await summarise(db, facts, record, violations, peakPending(sandbox, facts));
    await options.inspect?.({ url: server, email, password, campaigns: facts.campaigns });
    return report;
  } finally {
    for (const executor of executors) executor.close();
    await running.close();
    await database.close();
    await sandbox.close();
  }
}
