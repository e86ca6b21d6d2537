import {
  type CampaignAction,
  type CampaignFunnelResponse,
  type CampaignLogsResponse,
  type CampaignProfileState,
  type CampaignStatsResponse,
  campaignLogsQuerySchema,
} from '@reachly/shared/schemas';
import { type DemoCall, parseInput } from '../demo-http.ts';
import type { DemoCampaignTask, DemoDataset } from '../demo-types.ts';
import { findCampaign } from './campaigns.ts';

/**
 * What the run view reads of a campaign in demo mode: its log, stats, funnel and profiles, counted
 * from the demo's done tasks, log rows and threads as the server counts its tables
 * (server/src/services/campaigns-service.ts).
 */

const MESSAGE_ACTIONS: readonly CampaignAction[] = ['welcomeMessage', 'aiReply', 'callToAction', 'followUp'];
/** The UTC day of a timestamp, YYYY-MM-DD. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** GET /api/campaigns/:id/logs?lastId&limit&types: newest first, keyset on id (lastId = the last id shown). */
export function campaignLogs(data: DemoDataset, call: DemoCall): CampaignLogsResponse {
  const { id } = findCampaign(data, call);
  const query = parseInput(campaignLogsQuerySchema, call.query);
  const rows = data.campaignLogs
    .filter((l) => l.campaignId === id)
    .filter((l) => query.lastId === -1 || l.id < query.lastId)
    .filter((l) => !query.types || query.types.includes(l.type))
    .sort((a, b) => b.id - a.id);
  return { logs: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

const doneTasks = (data: DemoDataset, campaignId: number): DemoCampaignTask[] =>
  data.campaignTasks.filter((t) => t.campaignId === campaignId);

/** Counts per key, in the keys' order (code-unit order, like the server's ORDER BY). */
function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** GET /api/campaigns/:id/stats: done tasks per step, and per UTC day and step. */
export function campaignStats(data: DemoDataset, call: DemoCall): CampaignStatsResponse {
  const { id } = findCampaign(data, call);
  const tasks = doneTasks(data, id);
  return {
    byStep: countBy(tasks, (t) => t.stepKey).map(([stepKey, count]) => ({ stepKey, count })),
    byDay: countBy(tasks, (t) => `${dayOf(t.finishedAt)} ${t.stepKey}`).map(([key, count]) => {
      const [date = '', stepKey = ''] = key.split(' ');
      return { date, stepKey, count };
    }),
  };
}

/**
 * GET /api/campaigns/:id/funnel: per UTC day the requests sent, accepted, messages sent and replies
 * received from the campaign's leads; acceptance and reply rates over the whole campaign.
 */
export function campaignFunnel(data: DemoDataset, call: DemoCall): CampaignFunnelResponse {
  const { id } = findCampaign(data, call);
  const tasks = doneTasks(data, id);
  const requests = tasks.filter((t) => t.action === 'friendRequest');
  const messages = tasks.filter((t) => MESSAGE_ACTIONS.includes(t.action));
  const campaignLeads = new Set(tasks.map((t) => t.leadId).filter((l) => l !== null));
  const threads = data.conversations.filter((c) => campaignLeads.has(c.leadId));
  const replies = threads.flatMap((c) => c.messages.filter((m) => m.direction === 'in'));

  const days = new Map<string, CampaignFunnelResponse['days'][number]>();
  const add = (at: string, key: 'requests' | 'accepted' | 'messages' | 'replies') => {
    const date = dayOf(at);
    const entry = days.get(date) ?? { date, requests: 0, accepted: 0, messages: 0, replies: 0 };
    entry[key] += 1;
    days.set(date, entry);
  };
  for (const t of requests) add(t.finishedAt, 'requests');
  for (const t of requests) if (t.acceptedAt) add(t.acceptedAt, 'accepted');
  for (const t of messages) add(t.finishedAt, 'messages');
  for (const m of replies) add(m.sentAt, 'replies');

  const list = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  const sum = (key: 'requests' | 'accepted' | 'messages' | 'replies') => list.reduce((n, d) => n + d[key], 0);
  const totals = {
    requests: sum('requests'),
    accepted: sum('accepted'),
    messages: sum('messages'),
    replies: sum('replies'),
  };
  const messaged = new Set(messages.map((t) => t.leadId));
  const replied = threads.filter(
    (c) => messaged.has(c.leadId) && c.messages.some((m) => m.direction === 'in'),
  );
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.min(1, a / b));
  return {
    days: list,
    totals,
    acceptanceRate: ratio(totals.accepted, totals.requests),
    replyRate: ratio(new Set(replied.map((c) => c.leadId)).size, messaged.size),
  };
}

/** GET /api/campaigns/:id/profiles: each profile's pause (while it lasts) and this campaign's done actions today (UTC). */
export function campaignProfiles(data: DemoDataset, call: DemoCall): CampaignProfileState[] {
  const campaign = findCampaign(data, call);
  const now = call.now.getTime();
  const midnight = Date.parse(`${call.now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const doneToday = doneTasks(data, campaign.id).filter((t) => Date.parse(t.finishedAt) >= midnight);
  return data.profiles
    .filter((p) => campaign.profileIds.includes(p.id))
    .sort((a, b) => a.id - b.id)
    .map((p) => {
      const pause = data.profilePauses.find((x) => x.profileId === p.id && Date.parse(x.until) > now);
      return {
        profileId: p.id,
        name: p.name,
        loginStatus: p.loginStatus,
        pausedUntil: pause?.until ?? null,
        pauseReason: pause?.reason ?? null,
        // The demo's browsers ask for work as the page looks and never fail to start.
        lastSeenAt: call.now.toISOString(),
        launchFailedAt: null,
        today: Object.fromEntries(
          countBy(
            doneToday.filter((t) => t.profileId === p.id),
            (t) => t.action,
          ),
        ),
      };
    });
}
