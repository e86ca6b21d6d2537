/**
 * The demo's sample campaigns (spec §2 demo mode, DESIGN.md §4): three campaigns over the sample
 * collections and profiles, and what the running and the paused one did (done tasks, log rows, a
 * profile pause), made deterministically from the dataset's leads and threads.
 */
import type { ActivityEventType } from '@reachly/shared/constants';
import { renderTemplate, seededRandom } from '@reachly/shared/logic';
import {
  type CampaignLog,
  type CampaignStatus,
  type CampaignStep,
  DONE_LOG_TYPES,
} from '@reachly/shared/schemas';
import type {
  DemoCampaign,
  DemoCampaignTask,
  DemoConversation,
  DemoDataset,
  DemoLead,
  DemoProfile,
  DemoProfilePause,
} from './demo-types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

/** How a sample campaign ran, in hours before the dataset's `now`; null = never started (a draft). */
interface SampleRun {
  startedHoursAgo: number;
  /** The last friend request; messaged leads got theirs in the first 60 % of the run. */
  lastRequestHoursAgo: number;
  pausedHoursAgo: number | null;
  /** A RESTRICTION that paused the profile of the last request, this many hours after it. */
  restrictionAfterHours: number | null;
  /** A LAUNCH_FAILED row of this profile this many hours before the pause (the user then paused). */
  launchFailed: { profileId: number; message: string } | null;
}

interface SampleCampaign {
  name: string;
  collectionId: number;
  profileIds: number[];
  status: CampaignStatus;
  createdDaysAgo: number;
  steps: CampaignStep[];
  dailyCaps: DemoCampaign['dailyCaps'];
  workingHours: DemoCampaign['workingHours'];
  gapSeconds: DemoCampaign['gapSeconds'];
  run: SampleRun | null;
}

const ALL_LEADS = { includeKeywords: [], excludeKeywords: [], skipContacted: true };

/**
 * Three campaigns over the sample collections and ready profiles: one running on "Austin realtors"
 * (which it collected), one paused on "Yoga studio owners", one draft on "Wedding photographers".
 */
const SAMPLE_CAMPAIGNS: SampleCampaign[] = [
  {
    name: 'Austin realtors: intro and follow-up',
    collectionId: 1,
    profileIds: [1, 2, 3],
    status: 'running',
    createdDaysAgo: 14,
    steps: [
      {
        type: 'collect',
        from: { kind: 'group', groupUrl: 'https://facebook.com/groups/austin-realtors-network' },
        maxCount: 40,
      },
      { type: 'target', filters: ALL_LEADS },
      { type: 'friendRequest' },
      {
        type: 'welcomeMessage',
        template:
          '{Hi|Hello} {firstName}, loved your recent post. Mind if I ask how you find new clients these days?',
      },
      {
        type: 'aiReply',
        intents: {
          interested:
            'Great to hear, {firstName}! We reach out to people who match your ideal client, and you only talk to the warm ones.',
          question:
            '{Good question|Happy to explain}: we start with people who match your clients and hand you the ones who reply.',
          'not-interested': 'No problem at all, {firstName}. Good luck with the season!',
        },
        fallbackTemplate: 'Thanks, {firstName}! {Makes sense|Got it}.',
      },
      {
        type: 'callToAction',
        template: 'Here is my calendar, pick any 15-minute slot that suits you: cal.example/reachly-demo',
      },
      {
        type: 'followUp',
        afterDays: 3,
        template:
          '{Any news|Just checking in}, {firstName}? Happy to share how other realtors fill their calendar.',
        maxCount: 1,
      },
      { type: 'likePosts', count: 5 },
    ],
    dailyCaps: { friendRequest: 15, welcomeMessage: 15, followUp: 10, likePosts: 10 },
    workingHours: { start: '09:00', end: '18:00' },
    gapSeconds: { min: 90, max: 420 },
    run: {
      startedHoursAgo: 13 * 24,
      lastRequestHoursAgo: 6,
      pausedHoursAgo: null,
      restrictionAfterHours: 2,
      launchFailed: null,
    },
  },
  {
    name: 'Yoga studios: spring classes',
    collectionId: 3,
    profileIds: [6, 8],
    status: 'paused',
    createdDaysAgo: 12,
    steps: [
      { type: 'collect', from: { kind: 'search', query: 'yoga studio owner' }, maxCount: 30 },
      { type: 'target', filters: ALL_LEADS },
      { type: 'friendRequest' },
      { type: 'welcomeMessage', template: '{Hi|Hey} {firstName}, do you run classes at your own studio?' },
      {
        type: 'followUp',
        afterDays: 4,
        template: '{Hi again|Hey} {firstName}, did you see my message about the spring classes?',
        maxCount: 1,
      },
    ],
    dailyCaps: { friendRequest: 10 },
    workingHours: { start: '10:00', end: '19:00' },
    gapSeconds: { min: 120, max: 600 },
    run: {
      startedHoursAgo: 11 * 24,
      lastRequestHoursAgo: 4 * 24,
      pausedHoursAgo: 3 * 24,
      restrictionAfterHours: null,
      launchFailed: {
        profileId: 8,
        message: 'The proxy refused the connection (ECONNREFUSED proxy.example.net:8000).',
      },
    },
  },
  {
    name: 'Wedding photographers: portfolio reviews',
    collectionId: 4,
    profileIds: [1, 8],
    status: 'draft',
    createdDaysAgo: 1,
    steps: [
      { type: 'target', filters: { ...ALL_LEADS, hasMessageButton: true } },
      { type: 'friendRequest' },
      {
        type: 'welcomeMessage',
        template:
          '{Hi|Hello} {firstName}, your wedding portfolio is beautiful. Do you ever get more enquiries than you can take?',
      },
      {
        type: 'callToAction',
        template: 'Here is my calendar if you want to compare notes: cal.example/reachly-demo',
      },
      {
        type: 'followUp',
        afterDays: 5,
        template: 'Hi {firstName}, any thoughts on my last message?',
        maxCount: 2,
      },
    ],
    dailyCaps: {},
    workingHours: { start: '08:30', end: '17:30' },
    gapSeconds: { min: 60, max: 300 },
    run: null,
  },
];

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * Moves the dates of the leads a sample campaign worked into its run, before the conversations are
 * made from them: collected at its start, friend requests spread over the run (messaged leads
 * first, their welcome 26 hours after the request), so the log, the funnel and the board agree.
 */
export function retimeCampaignLeads(leads: DemoLead[], now: number): void {
  for (const sample of SAMPLE_CAMPAIGNS) {
    if (!sample.run) continue;
    const start = now - sample.run.startedHoursAgo * HOUR_MS;
    const worked = leads.filter((l) => l.collectionId === sample.collectionId).sort(byId);
    worked.forEach((lead, i) => {
      lead.createdAt = iso(start + 20 * MINUTE_MS + i * 1000);
    });
    const messaged = worked.filter((l) => l.messageSentAt !== null);
    const waiting = worked.filter((l) => l.messageSentAt === null && l.friendRequestSentAt !== null);
    const first = start + HOUR_MS;
    const span = now - sample.run.lastRequestHoursAgo * HOUR_MS - first;
    messaged.forEach((lead, i) => {
      const at = Math.round(first + (0.6 * span * i) / messaged.length);
      lead.friendRequestSentAt = iso(at);
      lead.messageSentAt = iso(at + 26 * HOUR_MS);
    });
    waiting.forEach((lead, i) => {
      lead.friendRequestSentAt = iso(Math.round(first + span * (0.6 + (0.4 * (i + 1)) / waiting.length)));
    });
  }
}

type PendingLog = Omit<CampaignLog, 'id' | 'createdAt'> & { at: number };
type PendingTask = Omit<DemoCampaignTask, 'id' | 'finishedAt'> & { at: number };

const hasStep = (sample: SampleCampaign, type: CampaignStep['type']) =>
  sample.steps.some((s) => s.type === type);

interface HistoryInput {
  now: number;
  leads: DemoLead[];
  conversations: DemoConversation[];
  profiles: DemoProfile[];
  nextMessageId: () => number;
}

/**
 * What one sample campaign did over its run, as the server's engine would have logged it: collecting,
 * targeting, friend requests and acceptances, the threads' welcome, AI replies and calls to action,
 * follow-ups of unanswered leads, daily likes, and the run's incidents (a restriction that pauses
 * the profile of the last request, a browser that would not start).
 */
function runHistory(campaignId: number, sample: SampleCampaign, run: SampleRun, data: HistoryInput) {
  const logs: PendingLog[] = [];
  const tasks: PendingTask[] = [];
  const pauses: DemoProfilePause[] = [];
  const start = data.now - run.startedHoursAgo * HOUR_MS;
  const end = run.pausedHoursAgo === null ? data.now : data.now - run.pausedHoursAgo * HOUR_MS;
  const profileOf = (leadId: number) => sample.profileIds[leadId % sample.profileIds.length] ?? null;
  const log = (
    at: number,
    type: ActivityEventType,
    message: string,
    profileId: number | null,
    leadId: number | null = null,
  ) => logs.push({ at, campaignId, profileId, leadId, type, message });
  const done = (
    at: number,
    task: Pick<DemoCampaignTask, 'action' | 'stepKey' | 'profileId' | 'leadId'> & { acceptedAt?: string },
    message: string,
  ) => {
    tasks.push({ ...task, at, campaignId, acceptedAt: task.acceptedAt ?? null });
    log(at, DONE_LOG_TYPES[task.action], message, task.profileId, task.leadId);
  };
  const worked = data.leads.filter((l) => l.collectionId === sample.collectionId).sort(byId);
  const requested = worked.filter((l) => l.friendRequestSentAt !== null);

  const collect = sample.steps.find((s) => s.type === 'collect');
  if (collect) {
    const profileId = sample.profileIds[0] ?? null;
    log(
      start + 2 * MINUTE_MS,
      'COLLECTING_STARTED',
      `Collecting up to ${collect.maxCount} profiles`,
      profileId,
    );
    done(
      start + 20 * MINUTE_MS,
      { action: 'collect', stepKey: 'collect', profileId, leadId: null },
      `Collected ${worked.length} profiles; ${worked.length} new leads in the collection`,
    );
  }
  const targeted = worked.filter((l) => !l.isExcluded && !l.shouldSkip).length;
  log(start + 21 * MINUTE_MS, 'TARGETING_FINISHED', `${targeted} new lead(s) targeted`, null);

  let restriction: { at: number; pause: DemoProfilePause } | null = null;
  const lastLead = requested.reduce<DemoLead | null>(
    (latest, l) =>
      !latest || (l.friendRequestSentAt ?? '') > (latest.friendRequestSentAt ?? '') ? l : latest,
    null,
  );
  const restrictedId = lastLead ? profileOf(lastLead.id) : null;
  if (run.restrictionAfterHours !== null && lastLead && restrictedId !== null) {
    const at = Date.parse(lastLead.friendRequestSentAt ?? '') + run.restrictionAfterHours * HOUR_MS;
    const warning = 'The network showed a "You can\'t send requests right now" warning';
    const pause = { profileId: restrictedId, until: iso(at + DAY_MS), reason: `RESTRICTION: ${warning}` };
    restriction = { at, pause };
    pauses.push(pause);
    log(
      at,
      'RESTRICTION',
      `Profile ${restrictedId} paused until ${pause.until} after a RESTRICTION signal: ${warning}`,
      restrictedId,
    );
  }
  /** Whether the profile may act at `at`: within the run and not paused. */
  const mayAct = (profileId: number | null, at: number) =>
    at < end && !(restriction && restriction.pause.profileId === profileId && at > restriction.at);

  const followUp = sample.steps.find((s) => s.type === 'followUp');
  for (const lead of requested) {
    const profileId = profileOf(lead.id);
    const requestAt = Date.parse(lead.friendRequestSentAt ?? '');
    const conversation = data.conversations.find((c) => c.leadId === lead.id);
    const acceptedAt = conversation ? iso(requestAt + 20 * HOUR_MS) : undefined;
    const ids = { profileId, leadId: lead.id };
    done(
      requestAt,
      { action: 'friendRequest', stepKey: 'friendRequest', ...ids, acceptedAt },
      'Friend request sent',
    );
    if (!conversation || !acceptedAt) continue;
    const name = lead.name ?? lead.profileUrl;
    log(Date.parse(acceptedAt), 'STATUS_CHANGE', `${name} accepted the friend request`, profileId, lead.id);
    conversation.profileId = profileId;

    let welcomed = false;
    let lastInId: number | null = null;
    let awaitingReply = false;
    for (const message of conversation.messages) {
      const at = Date.parse(message.sentAt);
      if (message.direction === 'in') {
        const moved = awaitingReply ? '; card moved to replied' : '';
        log(at, 'STATUS_CHANGE', `${name} replied${moved}`, profileId, lead.id);
        lastInId = message.id;
        awaitingReply = false;
      } else if (!welcomed) {
        done(at, { action: 'welcomeMessage', stepKey: 'welcomeMessage', ...ids }, message.text);
        welcomed = true;
        awaitingReply = true;
      } else if (message.text.includes('cal.example') && hasStep(sample, 'callToAction')) {
        done(at, { action: 'callToAction', stepKey: 'callToAction', ...ids }, message.text);
        awaitingReply = true;
      } else if (lastInId !== null && hasStep(sample, 'aiReply')) {
        done(at, { action: 'aiReply', stepKey: `aiReply:${lastInId}`, ...ids }, message.text);
      }
    }

    // An unanswered welcome gets the follow-up once its days have passed.
    const last = conversation.messages.at(-1);
    if (!followUp || conversation.status !== 'sent' || !last) continue;
    const dueAt = Date.parse(last.sentAt) + followUp.afterDays * DAY_MS;
    if (!mayAct(profileId, dueAt + HOUR_MS)) continue;
    const text = renderTemplate(
      followUp.template,
      { firstName: lead.firstName, lastName: lead.lastName, name: lead.name },
      seededRandom(lead.id),
    );
    const sent = { id: data.nextMessageId(), direction: 'out' as const, text, sentAt: iso(dueAt) };
    conversation.messages.push(sent);
    conversation.lastMessage = text;
    conversation.lastMessageAt = sent.sentAt;
    done(dueAt, { action: 'followUp', stepKey: 'followUp:0:1', ...ids }, text);
  }

  const like = sample.steps.find((s) => s.type === 'likePosts');
  for (let day = 0; like && start + day * DAY_MS < end; day++) {
    sample.profileIds.forEach((profileId, i) => {
      const at = start + day * DAY_MS + (2 * i + 3) * HOUR_MS;
      if (!mayAct(profileId, at + MINUTE_MS)) return;
      const stepKey = `likePosts:${profileId}:${iso(at).slice(0, 10)}`;
      done(at, { action: 'likePosts', stepKey, profileId, leadId: null }, `Liked ${like.count} posts`);
    });
  }

  if (run.launchFailed) {
    const { profileId, message } = run.launchFailed;
    const name = data.profiles.find((p) => p.id === profileId)?.name ?? `Profile ${profileId}`;
    log(end - 2 * HOUR_MS, 'LAUNCH_FAILED', `Profile "${name}" could not start: ${message}`, profileId);
  }
  return { logs, tasks, pauses };
}

/**
 * The sample campaigns with their done tasks, log and profile pauses, made after the leads were
 * retimed (retimeCampaignLeads) and the conversations made: the conversations of worked leads move
 * to the profile the campaign gives the lead (lead id mod its profiles), and unanswered ones get
 * their follow-up message. Deterministic; ids rise with time like the server's.
 */
export function makeCampaigns(
  input: Omit<HistoryInput, 'nextMessageId'>,
): Pick<DemoDataset, 'campaigns' | 'campaignTasks' | 'campaignLogs' | 'profilePauses'> {
  let messageId = Math.max(0, ...input.conversations.flatMap((c) => c.messages.map((m) => m.id)));
  const data = { ...input, nextMessageId: () => ++messageId };
  const logs: PendingLog[] = [];
  const tasks: PendingTask[] = [];
  const profilePauses: DemoProfilePause[] = [];
  const campaigns = SAMPLE_CAMPAIGNS.map((sample, i): DemoCampaign => {
    const id = i + 1;
    const createdAt = input.now - sample.createdDaysAgo * DAY_MS;
    let updatedAt = createdAt;
    if (sample.run) {
      const history = runHistory(id, sample, sample.run, data);
      logs.push(...history.logs);
      tasks.push(...history.tasks);
      profilePauses.push(...history.pauses);
      const { startedHoursAgo, pausedHoursAgo } = sample.run;
      updatedAt = input.now - (pausedHoursAgo ?? startedHoursAgo) * HOUR_MS;
    }
    return {
      id,
      name: sample.name,
      collectionId: sample.collectionId,
      profileIds: [...sample.profileIds].sort((a, b) => a - b),
      steps: sample.steps,
      dailyCaps: sample.dailyCaps,
      workingHours: sample.workingHours,
      gapSeconds: sample.gapSeconds,
      status: sample.status,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    };
  });
  // A stable sort keeps the order each row was written in when two share a time.
  const byTime = <T extends { at: number }>(rows: T[]) => [...rows].sort((a, b) => a.at - b.at);
  return {
    campaigns,
    campaignTasks: byTime(tasks).map(({ at, ...task }, i) => ({ ...task, id: i + 1, finishedAt: iso(at) })),
    campaignLogs: byTime(logs).map(({ at, ...row }, i) => ({ ...row, id: i + 1, createdAt: iso(at) })),
    profilePauses,
  };
}
