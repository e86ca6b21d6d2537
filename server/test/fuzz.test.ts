import { contract, listEndpoints } from '@reachly/shared/contract';
import { apiErrorSchema } from '@reachly/shared/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFigure } from './helpers/figures.ts';
import {
  authHeaderRoute,
  campaignSteps,
  type RouteMaker,
  routes,
  type Seeds,
} from './helpers/fuzz-routes.ts';
import type { HttpClient } from './helpers/http-client.ts';
import { seedCollection, seedConversation, seedProfile } from './helpers/seed-conversations.ts';
import {
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';
import { writeSignature } from './helpers/write-signature.ts';

/**
 * Property-based fuzz over every route's body and query (server issue): whatever arrives, the
 * server never answers 5xx, every 4xx carries the error body of docs/design.md §3, and a rejected
 * request writes nothing. Cases per route × routes ≥ 2,000 (CASES_PER_ROUTE); the count and the
 * 5xx seen go to the security suite's table of figures.
 */

let server: TestServer;
let account: TestAccount;
let adminClient: HttpClient;
let seeds: Seeds;
beforeAll(async () => {
  // The webhook worker stays still (interval 0): a test event an earlier case queued must not be
  // sent, and its delivery row updated, while a later case checks that its refusal wrote nothing.
  server = await startTestServer({ AUTH_RATE_LIMIT: '1000000', WEBHOOKS_INTERVAL_MS: '0' });
  account = await registerAccount(server, 'fuzz');
  const collectionId = await seedCollection(server, account.organizationId, 'Fuzzed');
  const conversationId = await seedConversation(server, account.organizationId, {
    collectionId,
    order: 1000,
    name: 'Fuzz Lead',
    messages: [{ direction: 'in', text: 'hi there' }],
  });
  const lead = await server.database.db('conversations').where({ id: conversationId }).first('lead_id');
  seeds = {
    collectionId,
    leadId: Number(lead.lead_id),
    conversationId,
    profileId: await seedProfile(server, account.organizationId, 'Fuzz profile'),
    campaignId: 0,
    taskId: 0,
    email: account.email,
  };
  const [campaign] = await server.database
    .db('campaigns')
    .insert({
      organization_id: account.organizationId,
      collection_id: collectionId,
      name: 'Fuzz campaign',
      settings: JSON.stringify({
        steps: campaignSteps,
        dailyCaps: {},
        workingHours: { start: '09:00', end: '18:00' },
        gapSeconds: { min: 60, max: 300 },
      }),
    })
    .returning('id');
  seeds.campaignId = Number(campaign.id);
  await server.database.db('campaign_profiles').insert({
    organization_id: account.organizationId,
    campaign_id: seeds.campaignId,
    profile_id: seeds.profileId,
  });
  const [task] = await server.database
    .db('campaign_tasks')
    .insert({
      organization_id: account.organizationId,
      campaign_id: seeds.campaignId,
      profile_id: seeds.profileId,
      lead_id: seeds.leadId,
      step_key: 'welcomeMessage',
      action: 'welcomeMessage',
      status: 'claimed',
      attempts: 1,
      payload: JSON.stringify({ text: 'Hello' }),
    })
    .returning('id');
  seeds.taskId = Number(task.id);
  const { HttpClient } = await import('./helpers/http-client.ts');
  adminClient = new HttpClient(server.url, { 'x-admin-token': server.config.ADMIN_TOKEN });
});
afterAll(() => server?.close());

/**
 * Cases per route: in `npm test` the fewest that keep 2,000 in all, on each database (fast-check
 * draws other cases on each run); `npm run test:fuzz` runs FUZZ_CASES_PER_ROUTE=200 of them.
 */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES_PER_ROUTE) || Math.ceil(2000 / (routes.length + 1));

describe('fuzz: no 5xx, error bodies on 4xx, nothing written on rejection', () => {
  let cases = 0;
  let serverErrors = 0;
  afterAll(() => {
    recordFigure('fuzzCases', cases);
    recordFigure('fuzz5xx', serverErrors);
  });
  const makers: RouteMaker[] = [...routes, { name: authHeaderRoute.name, build: () => authHeaderRoute }];
  /**
   * The database's signature as the last refused case left it (null after a case that may have
   * written): most cases are refused, so one read per case instead of two, before and after.
   */
  let known: string | null = null;
  for (const maker of makers) {
    it(maker.name, async () => {
      known = null;
      const r = maker.build(seeds);
      const client = () =>
        r.client === 'admin' ? adminClient : r.client === 'anonymous' ? server.client() : account.api;
      await fc.assert(
        fc.asyncProperty(r.arbitrary, async ({ method, path, options }) => {
          const before = known ?? (await writeSignature(server.database.db));
          known = null;
          const res = await client().request(method, path, options);
          cases += 1;
          if (res.status >= 500) serverErrors += 1;
          expect(res.status, `${method} ${path} ${JSON.stringify(options).slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(apiErrorSchema.safeParse(res.body).success, res.text.slice(0, 300)).toBe(true);
            const after = await writeSignature(server.database.db);
            expect(after).toBe(before);
            known = after;
          }
        }),
        { numRuns: CASES_PER_ROUTE },
      );
    });
  }

  it('fuzzes every endpoint of the contract that takes input (params, query or body)', () => {
    const fuzzed = new Set(makers.map((m) => m.name));
    const missing = listEndpoints(contract)
      .map(({ endpoint }) => endpoint)
      .filter((e) => e.params || e.query || e.body)
      .map((e) => `${e.method} ${e.path}`)
      .filter((name) => !fuzzed.has(name));
    expect(missing).toEqual([]);
  });

  it(`runs at least 2,000 cases in all (${(routes.length + 1) * CASES_PER_ROUTE})`, () => {
    expect((routes.length + 1) * CASES_PER_ROUTE).toBeGreaterThanOrEqual(2000);
  });
});
