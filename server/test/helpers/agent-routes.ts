import { type ClientInput, contract } from '@reachly/shared/contract';
import { startCampaign } from './campaign-run.ts';
import { seedCollection } from './seed-conversations.ts';
import { connectSocket, type TestSocket } from './socket.ts';
import { registerAccount, type TestAccount, type TestServer } from './test-server.ts';

/**
 * What the desktop agent's route tests (agent-routes*.test.ts) share: organisations with a socket,
 * profiles of each proxy source made through the API, running campaigns, and the agent's calls.
 */

export const TWO_53 = 2n ** 53n;

export interface Org {
  account: TestAccount;
  collectionId: number;
  socket: TestSocket;
}

/** A new organisation with a collection and a socket in its room (added to `sockets`, closed by the file). */
export async function newOrg(server: TestServer, prefix: string, sockets: TestSocket[]): Promise<Org> {
  const account = await registerAccount(server, prefix);
  const collectionId = await seedCollection(server, account.organizationId, `${prefix} leads`);
  const { socket, error } = await connectSocket(server.url, {
    token: account.accessToken,
    organizationId: account.organizationId,
  });
  if (error) throw error;
  sockets.push(socket);
  return { account, collectionId, socket };
}

type ProfileInput = ClientInput<typeof contract.profiles.create>['body'];

/** A profile made through POST /api/profiles, so its proxy password is sealed as in real use. */
export async function createProfile(account: TestAccount, body: ProfileInput): Promise<number> {
  return (await account.call(contract.profiles.create, { body: { proxyTimezone: 'UTC', ...body } })).id;
}

export const reachly = (name: string): ProfileInput => ({
  name,
  proxySource: 'REACHLY',
  proxyType: 'residential',
  HTTPProxyAddress: 'gate.reachly.example:7000',
  proxyLogin: 'rl-user',
  proxyPassword: 'rl-secret',
});
export const manual = (name: string): ProfileInput => ({
  name,
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: 'http://proxy.example.com:3128',
  proxyLogin: 'bob',
  proxyPassword: 's3cret:with@signs',
});
export const noProxy = (name: string): ProfileInput => ({
  name,
  proxySource: 'NOT_USE',
  proxyTimezone: null,
});

export const steps = [{ type: 'friendRequest' as const }];
const gapSeconds = { min: 60, max: 60 };

/** A campaign of one friend-request step, created and started through the API: its id. */
export async function runningCampaign(org: Org, name: string, profileIds: number[]): Promise<number> {
  return (
    await startCampaign(org.account, { name, collectionId: org.collectionId, profileIds, steps, gapSeconds })
  ).id;
}

export function agentProfiles(account: TestAccount) {
  return account.call(contract.agent.profiles);
}

export function trafficOf(account: TestAccount) {
  return account.call(contract.user.traffic);
}

/** POST /api/agent/traffic as the account: the organisation's traffic after the reports. */
export function reportTraffic(account: TestAccount, reports: { profileId: number; bytes: string }[]) {
  return account.call(contract.agent.traffic, { body: { reports } });
}

/** A campaign's log rows, oldest first. */
export async function logsOf(server: TestServer, campaignId: number) {
  return (await server.database
    .db('campaign_logs')
    .where({ campaign_id: campaignId })
    .orderBy('id')
    .select('type', 'profile_id', 'message')) as { type: string; profile_id: number; message: string }[];
}
