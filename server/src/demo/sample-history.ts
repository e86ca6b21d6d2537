/**
 * What the sample campaigns did (spec §2 demo mode, docs/design.md §4): done tasks, log rows and a
 * profile pause for the running and the paused one, made deterministically from the sample leads
 * and threads, as the engine would have written them.
 */
import type { ActivityEventType } from '@reachly/shared/constants';
import { renderTemplate, seededRandom } from '@reachly/shared/logic';
import { type CampaignStep, DONE_LOG_TYPES } from '@reachly/shared/schemas';
import { SAMPLE_CAMPAIGNS, type SampleCampaign, type SampleRun } from './sample-data.ts';
import {
  DAY_MS,
  HOUR_MS,
  iso,
  MINUTE_MS,
  type SampleCampaignRow,
  type SampleConversation,
  type SampleDataset,
  type SampleLead,
  type SampleLog,
  type SamplePause,
  type SampleProfile,
  type SampleTask,
} from './sample-types.ts';

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * Moves the dates of the leads a sample campaign worked into its run, before the conversations are
 * made from them: collected at its start, friend requests spread over the run (messaged leads
 * first, their welcome 26 hours after the request), so the log, the funnel and the board agree.
 */
export function retimeCampaignLeads(leads: SampleLead[], now: number): void {
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

type PendingLog = Omit<SampleLog, 'id' | 'createdAt'> & { at: number };
type PendingTask = Omit<SampleTask, 'id' | 'finishedAt'> & { at: number };

const hasStep = (sample: SampleCampaign, type: CampaignStep['type']) =>
  sample.steps.some((s) => s.type === type);

interface HistoryInput {
  now: number;
  leads: SampleLead[];
  conversations: SampleConversation[];
  profiles: SampleProfile[];
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
  const pauses: SamplePause[] = [];
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
    task: Pick<SampleTask, 'action' | 'stepKey' | 'profileId' | 'leadId'> & { acceptedAt?: string },
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

  let restriction: { at: number; pause: SamplePause } | null = null;
  const lastLead = requested.reduce<SampleLead | null>(
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
    const name = lead.name;
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
    const name = data.profiles.find((p) => p.id === profileId)?.body.name ?? `Profile ${profileId}`;
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
): Pick<SampleDataset, 'campaigns' | 'campaignTasks' | 'campaignLogs' | 'profilePauses'> {
  let messageId = Math.max(0, ...input.conversations.flatMap((c) => c.messages.map((m) => m.id)));
  const data = { ...input, nextMessageId: () => ++messageId };
  const logs: PendingLog[] = [];
  const tasks: PendingTask[] = [];
  const profilePauses: SamplePause[] = [];
  const campaigns = SAMPLE_CAMPAIGNS.map((sample, i): SampleCampaignRow => {
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
