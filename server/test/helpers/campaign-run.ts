import { type ClientInput, contract } from '@reachly/shared/contract';
import type { Campaign, ClaimTaskResponse, ExecutorEvent, ExecutorTask } from '@reachly/shared/schemas';
import type { ManualClock } from '../../src/engine/index.ts';
import { RecordingNetwork, ScriptedExecutor } from './executor.ts';
import { seedCollection, seedProfile } from './seed-conversations.ts';
import { connectSocket } from './socket.ts';
import { registerAccount, startTestServer, type TestAccount, type TestServer } from './test-server.ts';

/** A server whose engine runs on `clock` with fixed randomness (gaps at the middle of their range). */
export function startEngineServer(clock: ManualClock): Promise<TestServer> {
  return startTestServer({}, { engine: { clock, random: () => 0.5 } });
}

/**
 * A new organisation with a collection, `profiles` profiles (in `timezone`, else UTC), one scripted
 * executor per profile on a shared recording network, and a socket in the organisation's room.
 */
export async function setupCampaignOrg(
  server: TestServer,
  prefix: string,
  { profiles = 1, timezone }: { profiles?: number; timezone?: string } = {},
) {
  const account = await registerAccount(server, prefix);
  const collectionId = await seedCollection(server, account.organizationId, `${prefix} leads`);
  const profileIds: number[] = [];
  for (let i = 0; i < profiles; i += 1) {
    const id = await seedProfile(server, account.organizationId);
    if (timezone) await server.database.db('profiles').where({ id }).update({ proxy_timezone: timezone });
    profileIds.push(id);
  }
  const network = new RecordingNetwork();
  const executors = profileIds.map((id) => new ScriptedExecutor(account.call, id, network));
  const { socket } = await connectSocket(server.url, {
    token: account.accessToken,
    organizationId: account.organizationId,
  });
  return {
    account,
    collectionId,
    profileIds,
    network,
    executors,
    executor: executors[0] as ScriptedExecutor,
    socket,
  };
}

/** Leads of a collection inserted straight into the database: `Lead <n>` at network.example/people/<tag>-<n>. */
export async function seedLeads(
  server: TestServer,
  organizationId: number,
  collectionId: number,
  count: number,
  { tag = `c${collectionId}`, hasMessageButton = true }: { tag?: string; hasMessageButton?: boolean } = {},
): Promise<{ id: number; url: string; name: string }[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    organization_id: organizationId,
    collection_id: collectionId,
    profile_url: `https://network.example/people/${tag}-${i + 1}`,
    name: `Lead${i + 1} Person`,
    first_name: `Lead${i + 1}`,
    last_name: 'Person',
    has_message_button: hasMessageButton,
  }));
  const inserted = (await server.database
    .db('leads')
    .insert(rows)
    .returning(['id', 'profile_url', 'name'])) as {
    id: number;
    profile_url: string;
    name: string;
  }[];
  return inserted.map((r) => ({ id: Number(r.id), url: r.profile_url, name: r.name }));
}

/** A campaign as POST /api/campaigns takes it. */
export type NewCampaign = ClientInput<typeof contract.campaigns.create>['body'];

/** Creates and starts a campaign through the API. */
export async function startCampaign(account: TestAccount, body: NewCampaign): Promise<Campaign> {
  const { id } = await account.call(contract.campaigns.create, { body });
  return account.call(contract.campaigns.start, { params: { id } });
}

export interface RunResult {
  tasks: ExecutorTask[];
  /** Why each executor stopped, by profile id. */
  stopped: Map<number, ClaimTaskResponse>;
}

/**
 * Runs the executors round by round until none gets a task: an executor told to wait its gap
 * makes the controlled clock move on, as time would; any other answer (no tasks, cap, hours,
 * pause) stops it.
 */
export async function runUntilIdle(
  executors: readonly ScriptedExecutor[],
  clock: ManualClock,
  { maxRounds = 500 }: { maxRounds?: number } = {},
): Promise<RunResult> {
  const tasks: ExecutorTask[] = [];
  const stopped = new Map<number, ClaimTaskResponse>();
  for (let round = 0; round < maxRounds; round += 1) {
    let wait = 0;
    let active = false;
    for (const executor of executors) {
      const claim = await executor.step();
      if (claim.task) {
        tasks.push(claim.task);
        active = true;
      } else if (claim.reason === 'gap') {
        active = true;
        wait = Math.max(wait, claim.retryAfterSeconds);
      } else {
        stopped.set(executor.profileId, claim);
      }
    }
    if (!active) return { tasks, stopped };
    clock.advance({ seconds: Math.max(wait, 1) });
  }
  throw new Error(`executors still busy after ${maxRounds} rounds`);
}

/** The campaign's log, oldest first: type, lead and message of each row. */
export async function campaignLog(server: TestServer, campaignId: number) {
  return (await server.database
    .db('campaign_logs')
    .where({ campaign_id: campaignId })
    .orderBy('id')
    .select('type', 'lead_id', 'message')) as { type: string; lead_id: number | null; message: string }[];
}

/** Reports what the profile's browser saw (POST /api/executor/events) and expects it taken. */
export function reportEvents(account: TestAccount, profileId: number, events: ExecutorEvent[]) {
  return account.call(contract.executor.events, { body: { profileId, events } });
}
