import { contract } from '@reachly/shared/contract';
import { expect } from 'vitest';
import { toCount } from '../../src/db/knex.ts';
import { seedLeads, setupCampaignOrg, startCampaign } from './campaign-run.ts';
import { callAs, type TestAccount, type TestServer } from './test-server.ts';

/** The counters of a collection as GET /api/collections answers them, without its name. */
export interface Counts {
  id: number;
  profiles: number;
  hasMessageButton: number;
  sentFriendRequests: number;
  sentMessages: number;
  shouldSkip: number;
}

type CountsRow = Record<'id' | 'profiles' | 'message' | 'requests' | 'messages' | 'skip', unknown>;
const toCounts = (r: CountsRow): Counts => ({
  id: Number(r.id),
  profiles: toCount(r.profiles),
  hasMessageButton: toCount(r.message),
  sentFriendRequests: toCount(r.requests),
  sentMessages: toCount(r.messages),
  shouldSkip: toCount(r.skip),
});

/** Every counter counted afresh from the organisation's leads (the list's query before issue 18). */
export async function recount(server: TestServer, organizationId: number): Promise<Counts[]> {
  const { rows } = (await server.database.db.raw(
    `select c.id, count(l.id) as profiles,
            count(l.id) filter (where l.has_message_button is not false) as message,
            count(l.id) filter (where l.friend_request_sent_at is not null) as requests,
            count(l.id) filter (where l.message_sent_at is not null) as messages,
            count(l.id) filter (where l.should_skip) as skip
       from collections c left join leads l on l.collection_id = c.id
      where c.organization_id = ? group by c.id order by c.id`,
    [organizationId],
  )) as { rows: CountsRow[] };
  return rows.map(toCounts);
}

/** The counters as lead_counts keeps them: the sums of the delta rows. */
export async function kept(server: TestServer, organizationId: number): Promise<Counts[]> {
  const { rows } = (await server.database.db.raw(
    `select c.id, coalesce(sum(k.n), 0) as profiles, coalesce(sum(k.has_message_button), 0) as message,
            coalesce(sum(k.sent_friend_requests), 0) as requests, coalesce(sum(k.sent_messages), 0) as messages,
            coalesce(sum(k.should_skip), 0) as skip
       from collections c left join lead_counts k on k.collection_id = c.id
      where c.organization_id = ? group by c.id order by c.id`,
    [organizationId],
  )) as { rows: CountsRow[] };
  return rows.map(toCounts);
}

/** The kept counters and the API's answer equal a fresh count; answers the count. */
export async function expectExact(server: TestServer, account: TestAccount): Promise<Counts[]> {
  const fresh = await recount(server, account.organizationId);
  expect(await kept(server, account.organizationId)).toEqual(fresh);
  const listed = await account.call(contract.collections.list);
  expect(listed.map(({ name: _name, ...counts }) => counts)).toEqual(fresh);
  return fresh;
}

/** A CSV of `count` people at sandbox.local/people/<prefix>-<n>. */
export const csvOf = (prefix: string, count: number) =>
  `url,name\n${Array.from({ length: count }, (_, i) => `https://sandbox.local/people/${prefix}-${i},P ${i}`).join('\n')}\n`;

/** POST /api/leads/import of `csv` into the collection. */
export function uploadCsv(
  server: TestServer,
  account: TestAccount,
  collectionId: number,
  csv: string,
  shouldClear = false,
) {
  const form = new FormData();
  form.append('collectionId', String(collectionId));
  form.append('shouldClear', String(shouldClear));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
  return callAs(server.url, { authorization: account.accessToken })(contract.leads.import, { body: form });
}

/**
 * An organisation whose running campaign sends friend requests to `leads` seeded leads of its
 * collection, its executor holding the first request (claimed and started, not reported yet).
 */
export async function claimedFriendRequest(server: TestServer, prefix: string, leads = 2) {
  const org = await setupCampaignOrg(server, prefix);
  await seedLeads(server, org.account.organizationId, org.collectionId, leads);
  await startCampaign(org.account, {
    name: `${prefix} requests`,
    collectionId: org.collectionId,
    profileIds: org.profileIds,
    steps: [{ type: 'friendRequest' }],
    gapSeconds: { min: 60, max: 60 },
  });
  const { task } = await org.executor.claim();
  if (task?.action !== 'friendRequest') throw new Error(`expected a friend request, got ${task?.action}`);
  await org.executor.started(task);
  return { ...org, task };
}
