import type { ConversationStatus } from '@reachly/shared/constants';
import {
  DEFAULT_PAUSE_HOURS,
  type ExecutorEvent,
  type ExecutorEventsResponse,
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
import { moveCard, writeMessage } from './conversation-writes.ts';
import { loadCampaign, planWelcomes } from './planner.ts';
import { pauseProfile } from './reports.ts';
import { dailyCapOf, stepOf } from './settings.ts';
import type { Effects } from './task-queue.ts';

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
  /** The running-or-not campaign that last worked this lead from this profile. */
  async function campaignOfLead(trx: Knex | Knex.Transaction, leadId: number, profileId: number) {
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
      .first('l.id', 'l.first_name', 'l.last_name', 'l.name')) as
      | { id: number; first_name: string | null; last_name: string | null; name: string | null }
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
        // The executor reads whole threads: a message already stored is not stored twice.
        const known = await trx('conversation_messages')
          .where({
            conversation_id: conversation.id,
            direction: 'in',
            text: event.text,
            network_sent_at: sentAt,
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
        status: moved ? 'replied' : undefined,
      });
      const [message] = (await trx('conversation_messages')
        .where({ conversation_id: written.id })
        .orderBy('id', 'desc')
        .limit(1)
        .select('id')) as { id: number }[];
      // A reply stops the lead's follow-ups.
      const cancelled = await trx('campaign_tasks')
        .where({ lead_id: lead.id, profile_id: profileId, action: 'followUp', status: 'pending' })
        .update({ status: 'cancelled', finished_at: now, result: JSON.stringify({ reason: 'replied' }) })
        .returning('id');
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
    const reply = await provider.reply({
      messages,
      variables: { firstName: lead.first_name, lastName: lead.last_name, name: lead.name },
      templates,
      guardrails,
      random,
    });
    const { intent } = reply;
    await db.transaction(async (trx) => {
      const status = cardStatusForIntent(intent);
      if (status) await moveCard(trx, organizationId, conversationId, status, now);
      effects.logs.push({
        ...base,
        type: 'STATUS_CHANGE',
        message: `Reply classified as ${intent}${status ? `; card moved to ${status}` : ''}`,
      });
      if (reply.text) {
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
    const until = event.until
      ? new Date(event.until)
      : new Date(now.getTime() + DEFAULT_PAUSE_HOURS * 3600_000);
    await db.transaction(async (trx) => {
      const message = await pauseProfile(trx, profileId, event.signal, event.message, until);
      const campaigns = (await trx('campaign_profiles as cp')
        .join('campaigns as c', 'c.id', 'cp.campaign_id')
        .where({ 'cp.profile_id': profileId, 'c.status': 'running' })
        .select('c.id')) as { id: number }[];
      const entries: LogEntry[] =
        campaigns.length === 0
          ? [{ campaignId: null, profileId, type: event.signal, message }]
          : campaigns.map((c) => ({ campaignId: Number(c.id), profileId, type: event.signal, message }));
      effects.logs.push(...entries);
      for (const c of campaigns)
        effects.notices.push({ campaignId: Number(c.id), profileId, type: event.signal, message });
    });
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
    for (const event of events) {
      if (event.kind === 'friendAccepted') {
        if (await accepted(organizationId, profileId, event, now, effects)) applied += 1;
      } else if (event.kind === 'message') {
        const stored = await storeIncoming(organizationId, profileId, event, now, effects);
        if (!stored) continue;
        applied += 1;
        await answer(organizationId, profileId, stored, now, effects);
      } else {
        await signal(organizationId, profileId, event, now, effects);
        applied += 1;
      }
    }
    return { applied, ignored: events.length - applied };
  }

  return { handle };
}
