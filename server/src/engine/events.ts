import type { ConversationStatus } from '@reachly/shared/constants';
import { safeTimeZone } from '@reachly/shared/logic';
import {
  type ExecutorEvent,
  type ExecutorEventsResponse,
  normalizeProfileUrl,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import {
  cardStatusForIntent,
  DEFAULT_HANDOFF_WORDS,
  decideAutoReply,
  REPLY_INTENTS,
  type ReplyIntent,
  type ReplyMessage,
  type ReplyProvider,
} from '../ai/index.ts';
import type { LogEntry } from './activity-log.ts';
import { planContactLater } from './contact-later.ts';
import { moveCard, writeMessage } from './conversation-writes.ts';
import { markDoNotContact, peopleState } from './people.ts';
import { loadCampaign, planWelcomes } from './planner.ts';
import { pauseProfile } from './reports.ts';
import { dailyCapOf, stepOf } from './settings.ts';
import type { Effects } from './task-types.ts';

/** Browsing by hand is logged at most this often per profile. */
const MANUAL_SURFING_LOG_MINUTES = 10;

/** Two reads of one message: the same text within this time of each other on the network's clock. */
const SAME_MESSAGE_WINDOW_MS = 10 * 60_000;

/** The running campaigns a profile works for. */
async function runningCampaignsOf(db: Knex | Knex.Transaction, profileId: number): Promise<number[]> {
  const rows = (await db('campaign_profiles as cp')
    .join('campaigns as c', 'c.id', 'cp.campaign_id')
    .where({ 'cp.profile_id': profileId, 'c.status': 'running' })
    .orderBy('c.id')
    .select('c.id')) as { id: number }[];
  return rows.map((r) => Number(r.id));
}

/** A reply moves a card out of these columns into replied. */
const AWAITING_REPLY: readonly ConversationStatus[] = ['sent', 'call-to-action-sent'];

type MessageEvent = Extract<ExecutorEvent, { kind: 'message' }>;

/**
 * What an executor saw that no task asked for (DESIGN.md §4): an accepted friend request queues
 * the welcome message; a lead's message is stored, moves the card to replied, stops that lead's
 * follow-ups and, when the campaign has an AI reply step, is classified (the card moves by intent)
 * and answered (an aiReply task, sent within working hours and the daily cap like every action)
 * unless a hand-off word gives it to a person; a warning or block pauses the profile.
 */
export function createEventHandler({
  db,
  provider,
  random = Math.random,
}: {
  db: Knex;
  provider: ReplyProvider;
  random?: () => number;
}) {
  /**
   * The campaign that works this person (the owner recorded when it first contacted them), else the
   * one that last planned work for this lead from this profile.
   */
  async function campaignOfLead(trx: Knex | Knex.Transaction, leadId: number, profileId: number) {
    const owner = (await trx('leads as l')
      .join('people as p', (j) =>
        j.on('p.organization_id', 'l.organization_id').andOn('p.profile_url', 'l.profile_url'),
      )
      .where('l.id', leadId)
      .andWhere('p.owner_profile_id', profileId)
      .first('p.owner_campaign_id')) as { owner_campaign_id: number | null } | undefined;
    if (owner?.owner_campaign_id != null) return loadCampaign(trx, Number(owner.owner_campaign_id));
    const row = (await trx('campaign_tasks')
      .where({ lead_id: leadId, profile_id: profileId })
      .orderBy('id', 'desc')
      .first('campaign_id')) as { campaign_id: number } | undefined;
    return row ? loadCampaign(trx, Number(row.campaign_id)) : null;
  }

  /** The organisation's lead behind a profile URL that this profile has worked. */
  async function leadFor(
    trx: Knex.Transaction,
    organizationId: number,
    profileId: number,
    profileUrl: string,
  ) {
    const row = (await trx('leads as l')
      .where({ 'l.organization_id': organizationId, 'l.profile_url': profileUrl })
      .andWhere((q) =>
        q
          .whereExists((s) =>
            s
              .select(trx.raw('1'))
              .from('conversations as cv')
              .whereRaw('cv.lead_id = l.id')
              .andWhere('cv.profile_id', profileId),
          )
          .orWhereExists((s) =>
            s
              .select(trx.raw('1'))
              .from('campaign_tasks as t')
              .whereRaw('t.lead_id = l.id')
              .andWhere('t.profile_id', profileId),
          ),
      )
      .orderBy('l.id', 'desc')
      .first('l.id', 'l.first_name', 'l.last_name', 'l.name', 'l.profile_url')) as
      | {
          id: number;
          first_name: string | null;
          last_name: string | null;
          name: string | null;
          profile_url: string;
        }
      | undefined;
    return row ? { ...row, id: Number(row.id) } : null;
  }

  async function accepted(
    organizationId: number,
    profileId: number,
    event: Extract<ExecutorEvent, { kind: 'friendAccepted' }>,
    now: Date,
    effects: Effects,
  ): Promise<boolean> {
    return db.transaction(async (trx) => {
      const lead = await leadFor(trx, organizationId, profileId, event.profileUrl);
      if (!lead) return false;
      const changed = await trx('leads')
        .where({ id: lead.id })
        .whereNull('friend_accepted_at')
        .update({ friend_accepted_at: event.at ? new Date(event.at) : now })
        .returning('id');
      if (changed.length === 0) return false;
      const campaign = await campaignOfLead(trx, lead.id, profileId);
      if (campaign?.status === 'running' && stepOf(campaign.settings, 'welcomeMessage')) {
        await planWelcomes(trx, campaign.id, now);
      }
      effects.logs.push({
        campaignId: campaign?.id ?? null,
        profileId,
        leadId: lead.id,
        type: 'STATUS_CHANGE',
        message: `${lead.name ?? event.profileUrl} accepted the friend request`,
      });
      return true;
    });
  }

  /** Stores a lead's message; answers what the AI step needs, or null when it was known already. */
  async function storeIncoming(
    organizationId: number,
    profileId: number,
    event: MessageEvent,
    now: Date,
    effects: Effects,
  ) {
    return db.transaction(async (trx) => {
      const lead = await leadFor(trx, organizationId, profileId, event.profileUrl);
      if (!lead) return null;
      const sentAt = new Date(event.sentAt);
      const conversation = (await trx('conversations')
        .where({ lead_id: lead.id, profile_id: profileId })
        .first('id', 'status')) as { id: number; status: ConversationStatus } | undefined;
      if (conversation) {
        // The executor reads whole threads: a message already stored is not stored twice. The
        // network's id says so when the page shows one; else the same text at about the same time
        // (a thread shows times to the minute, or as "5 min ago").
        const known = await trx('conversation_messages')
          .where({ conversation_id: conversation.id, direction: 'in' })
          .andWhere((q) => {
            if (event.messageId) q.where('network_message_id', event.messageId);
            else
              q.where('text', event.text).andWhereBetween('network_sent_at', [
                new Date(sentAt.getTime() - SAME_MESSAGE_WINDOW_MS),
                new Date(sentAt.getTime() + SAME_MESSAGE_WINDOW_MS),
              ]);
          })
          .first('id');
        if (known) return null;
      }
      const moved = !conversation || AWAITING_REPLY.includes(conversation.status);
      const written = await writeMessage(trx, {
        organizationId,
        leadId: lead.id,
        profileId,
        direction: 'in',
        text: event.text,
        // Ordered on the server's clock: the network's may run on another (the sandbox's does).
        at: now,
        networkAt: sentAt,
        networkMessageId: event.messageId,
        status: moved ? 'replied' : undefined,
      });
      const [message] = (await trx('conversation_messages')
        .where({ conversation_id: written.id })
        .orderBy('id', 'desc')
        .limit(1)
        .select('id')) as { id: number }[];
      // A reply stops the lead's follow-ups, and the message planned for "later" with them.
      const cancelled = await trx('campaign_tasks')
        .where({ lead_id: lead.id, profile_id: profileId, action: 'followUp', status: 'pending' })
        .update({ status: 'cancelled', finished_at: now, result: JSON.stringify({ reason: 'replied' }) })
        .returning('id');
      await trx('conversations').where({ id: written.id }).update({ contact_on: null, needs_person: null });
      const campaign = await campaignOfLead(trx, lead.id, profileId);
      effects.logs.push({
        campaignId: campaign?.id ?? null,
        profileId,
        leadId: lead.id,
        type: 'STATUS_CHANGE',
        message: `${lead.name ?? event.profileUrl} replied${moved ? '; card moved to replied' : ''}${
          cancelled.length > 0 ? `; ${cancelled.length} follow-up(s) cancelled` : ''
        }`,
      });
      return { lead, conversationId: written.id, messageId: Number(message?.id), campaign };
    });
  }

  /** Classifies the reply, moves the card by intent, and plans the AI answer (or hands it to a person). */
  async function answer(
    organizationId: number,
    profileId: number,
    stored: NonNullable<Awaited<ReturnType<typeof storeIncoming>>>,
    now: Date,
    effects: Effects,
  ) {
    const { campaign, lead, conversationId } = stored;
    const step = campaign && campaign.status === 'running' ? stepOf(campaign.settings, 'aiReply') : undefined;
    if (!campaign || !step) return;
    const messages = (
      (await db('conversation_messages')
        .where({ conversation_id: conversationId })
        .orderBy([{ column: 'sent_at' }, { column: 'id' }])
        .select('direction', 'text', 'sent_at')) as {
        direction: 'in' | 'out';
        text: string;
        sent_at: Date | string;
      }[]
    ).map(
      (m): ReplyMessage => ({
        direction: m.direction,
        text: m.text,
        time: new Date(m.sent_at).toISOString(),
      }),
    );
    const guardrails = {
      dailyCap: dailyCapOf(campaign.settings, 'aiReply'),
      handoffWords: DEFAULT_HANDOFF_WORDS,
    };
    const base = { campaignId: campaign.id, profileId, leadId: lead.id };
    // Working hours and the daily cap are the claim's to enforce (the reply waits, it is not dropped);
    // a hand-off word is decided here, so that a person hears of it at once.
    const decision = decideAutoReply({
      settings: guardrails,
      messages,
      repliesToday: 0,
      isWithinWorkingHours: true,
    });
    if (decision.action === 'handoff') {
      const message = `${lead.name ?? 'A lead'} wrote "${decision.word}": no automatic reply, a person should answer.`;
      effects.logs.push({ ...base, type: 'SIGNAL', message });
      effects.notices.push({ campaignId: campaign.id, profileId, type: 'SIGNAL', message });
      return;
    }
    const templates: Partial<Record<ReplyIntent, string>> = {};
    for (const intent of REPLY_INTENTS) {
      const template = step.intents[intent];
      if (template) templates[intent] = template;
    }
    if (!templates.other && step.fallbackTemplate) templates.other = step.fallbackTemplate;
    // A named day ("next Tuesday", "in March") is read in the profile's time zone, from the engine's now.
    const profile = (await db('profiles').where({ id: profileId }).first('proxy_timezone')) as
      | { proxy_timezone: string | null }
      | undefined;
    const timeZone = safeTimeZone(profile?.proxy_timezone ?? null);
    const reply = await provider.reply({
      messages,
      variables: { firstName: lead.first_name, lastName: lead.last_name, name: lead.name },
      templates,
      guardrails,
      random,
      now,
      timeZone,
    });
    const { intent } = reply;
    const who = lead.name ?? 'The lead';
    await db.transaction(async (trx) => {
      const status = cardStatusForIntent(intent);
      if (status) await moveCard(trx, organizationId, conversationId, status, now);
      effects.logs.push({
        ...base,
        type: 'STATUS_CHANGE',
        message: `Reply classified as ${intent}${status ? `; card moved to ${status}` : ''}`,
      });
      if (intent === 'stop' || intent === 'unqualified') {
        // Off-limits for every profile and campaign of the organisation, from now on.
        const what =
          intent === 'stop'
            ? 'asked to stop'
            : `not the right person${reply.referral ? `; pointed to ${reply.referral}` : ''}`;
        await markDoNotContact(trx, organizationId, lead.profile_url, `${who}: ${what}`);
        if (reply.referral) {
          await trx('conversations')
            .where({ id: conversationId })
            .update({ note: `Pointed to ${reply.referral} (not the right person)` });
        }
        const cancelled = await trx('campaign_tasks')
          .where({ organization_id: organizationId, status: 'pending' })
          .whereIn(
            'lead_id',
            trx('leads')
              .where({ organization_id: organizationId, profile_url: lead.profile_url })
              .select('id'),
          )
          .update({
            status: 'cancelled',
            finished_at: now,
            result: JSON.stringify({ reason: 'do-not-contact' }),
          })
          .returning('id');
        const message = `${who}: ${what}. On do-not-contact: no profile or campaign writes again${
          cancelled.length > 0 ? ` (${cancelled.length} planned task(s) cancelled)` : ''
        }.`;
        effects.logs.push({ ...base, type: 'STATUS_CHANGE', message });
        // A referral is something a person can act on.
        if (reply.referral)
          effects.notices.push({ campaignId: campaign.id, profileId, type: 'SIGNAL', message });
        return;
      }
      if (reply.needsPerson) {
        // Not understood well enough to answer: a person should, and is told so (the card says why).
        await trx('conversations')
          .where({ id: conversationId })
          .update({ needs_person: reply.needsPerson.detail });
        const message = `${who}'s answer needs a person (${reply.needsPerson.detail}): no automatic reply.`;
        effects.logs.push({ ...base, type: 'SIGNAL', message });
        effects.notices.push({ campaignId: campaign.id, profileId, type: 'SIGNAL', message });
        return;
      }
      if (intent === 'contact-later') {
        await planContactLater(trx, {
          organizationId,
          profileId,
          campaign,
          conversationId,
          leadId: lead.id,
          who,
          messageId: stored.messageId,
          contactAt: reply.contactAt,
          timeZone,
          now,
          effects,
        });
      }
      if (reply.text) {
        // One answer for the conversation's newest message: a reply not yet sent to an earlier
        // message is replaced, so two quick messages from a lead get one answer, not two.
        await trx('campaign_tasks')
          .where({ lead_id: lead.id, profile_id: profileId, action: 'aiReply', status: 'pending' })
          .update({
            status: 'cancelled',
            finished_at: now,
            result: JSON.stringify({ reason: 'newer-message' }),
          });
        await trx('campaign_tasks')
          .insert({
            organization_id: organizationId,
            campaign_id: campaign.id,
            profile_id: profileId,
            lead_id: lead.id,
            step_key: `aiReply:${stored.messageId}`,
            action: 'aiReply',
            due_at: now,
            payload: JSON.stringify({ text: reply.text, intent }),
          })
          .onConflict()
          .ignore();
      }
    });
  }

  async function signal(
    _organizationId: number,
    profileId: number,
    event: Extract<ExecutorEvent, { kind: 'signal' }>,
    now: Date,
    effects: Effects,
  ) {
    await db.transaction(async (trx) => {
      const pause = await pauseProfile(
        trx,
        profileId,
        event.signal,
        event.message,
        event.until ? new Date(event.until) : null,
        now,
      );
      const campaigns = await runningCampaignsOf(trx, profileId);
      const entries: LogEntry[] =
        campaigns.length === 0
          ? [{ campaignId: null, profileId, type: event.signal, message: pause.message }]
          : campaigns.map((id) => ({
              campaignId: id,
              profileId,
              type: event.signal,
              message: pause.message,
            }));
      effects.logs.push(...entries);
      for (const id of campaigns)
        effects.notices.push({ campaignId: id, profileId, type: event.signal, message: pause.message });
    });
  }

  /**
   * A person sent the profile a friend request: the first running campaign of the profile that
   * accepts incoming requests adds them to its collection (unless they are off-limits or worked by
   * another profile) and plans the confirmation.
   */
  async function requestReceived(
    organizationId: number,
    profileId: number,
    event: Extract<ExecutorEvent, { kind: 'friendRequestReceived' }>,
    now: Date,
    effects: Effects,
  ): Promise<boolean> {
    return db.transaction(async (trx) => {
      const profileUrl = event.profileUrl;
      const person = (await peopleState(trx, organizationId, [profileUrl])).get(profileUrl);
      if (person?.offLimits || (person?.ownerProfileId != null && person.ownerProfileId !== profileId)) {
        return false;
      }
      for (const id of await runningCampaignsOf(trx, profileId)) {
        const campaign = await loadCampaign(trx, id);
        if (!campaign || !stepOf(campaign.settings, 'acceptRequests')) continue;
        await trx('leads')
          .insert({
            organization_id: organizationId,
            collection_id: campaign.collection_id,
            profile_url: profileUrl,
            name: event.name ?? null,
            first_name: event.name?.split(/\s+/)[0] ?? null,
            source: 'incoming-request',
          })
          .onConflict(['collection_id', 'profile_url'])
          .ignore();
        const lead = (await trx('leads')
          .where({ collection_id: campaign.collection_id, profile_url: profileUrl })
          .first('id')) as { id: number };
        const planned = await trx('campaign_tasks')
          .insert({
            organization_id: organizationId,
            campaign_id: campaign.id,
            profile_id: profileId,
            lead_id: lead.id,
            step_key: 'acceptRequest',
            action: 'acceptRequest',
            due_at: now,
          })
          .onConflict()
          .ignore()
          .returning('id');
        if (planned.length === 0) return false;
        effects.logs.push({
          campaignId: campaign.id,
          profileId,
          leadId: Number(lead.id),
          type: 'STATUS_CHANGE',
          message: `${event.name ?? profileUrl} sent a friend request; it will be accepted`,
        });
        return true;
      }
      return false;
    });
  }

  /** A person browses by hand in the profile's browser: logged once per MANUAL_SURFING_LOG_MINUTES. */
  async function manualSurfing(
    profileId: number,
    event: Extract<ExecutorEvent, { kind: 'manualSurfing' }>,
    now: Date,
    effects: Effects,
  ): Promise<boolean> {
    const recent = await db('campaign_logs')
      .where({ profile_id: profileId, type: 'MANUAL_SURFING' })
      .andWhere('created_at', '>', new Date(now.getTime() - MANUAL_SURFING_LOG_MINUTES * 60_000))
      .first('id');
    if (recent) return false;
    const profile = (await db('profiles').where({ id: profileId }).first('name')) as { name: string };
    const message = `A person is browsing by hand in ${profile.name}'s browser (${event.path}); the automation waits until they stop`;
    const campaigns = await runningCampaignsOf(db, profileId);
    effects.logs.push(
      ...(campaigns.length === 0
        ? [{ campaignId: null, profileId, type: 'MANUAL_SURFING' as const, message }]
        : campaigns.map((id) => ({ campaignId: id, profileId, type: 'MANUAL_SURFING' as const, message }))),
    );
    return true;
  }

  /** Applies the events in order; the profile was checked to be the organisation's. */
  async function handle(
    organizationId: number,
    profileId: number,
    events: readonly ExecutorEvent[],
    now: Date,
    effects: Effects,
  ): Promise<ExecutorEventsResponse> {
    let applied = 0;
    const fetched = { messages: 0, accepted: 0, requests: 0 };
    for (const raw of events) {
      const event =
        'profileUrl' in raw
          ? { ...raw, profileUrl: normalizeProfileUrl(raw.profileUrl) ?? raw.profileUrl }
          : raw;
      if (event.kind === 'friendAccepted') {
        if (await accepted(organizationId, profileId, event, now, effects)) {
          applied += 1;
          fetched.accepted += 1;
        }
      } else if (event.kind === 'message') {
        const stored = await storeIncoming(organizationId, profileId, event, now, effects);
        if (!stored) continue;
        applied += 1;
        fetched.messages += 1;
        await answer(organizationId, profileId, stored, now, effects);
      } else if (event.kind === 'manualSurfing') {
        if (await manualSurfing(profileId, event, now, effects)) applied += 1;
      } else if (event.kind === 'friendRequestReceived') {
        if (await requestReceived(organizationId, profileId, event, now, effects)) {
          applied += 1;
          fetched.requests += 1;
        }
      } else {
        await signal(organizationId, profileId, event, now, effects);
        applied += 1;
      }
    }
    const news = [
      fetched.messages > 0 ? `${fetched.messages} new message(s)` : null,
      fetched.accepted > 0 ? `${fetched.accepted} accepted request(s)` : null,
      fetched.requests > 0 ? `${fetched.requests} incoming request(s)` : null,
    ].filter((n): n is string => n !== null);
    if (news.length > 0) {
      const profile = (await db('profiles').where({ id: profileId }).first('name')) as { name: string };
      for (const id of await runningCampaignsOf(db, profileId)) {
        effects.logs.push({
          campaignId: id,
          profileId,
          type: 'FETCHING',
          message: `Read ${profile.name}'s inbox and friends: ${news.join(', ')}`,
        });
      }
    }
    return { applied, ignored: events.length - applied };
  }

  return { handle };
}
