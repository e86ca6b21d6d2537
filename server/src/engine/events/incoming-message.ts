import type { ConversationStatus } from '@reachly/shared/constants';
import type { CampaignAction, ExecutorEvent } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../../db/tables.ts';
import { recordReplied } from '../../services/webhooks/record-event.ts';
import { writeMessage } from '../conversation-writes.ts';
import { stepOf } from '../settings.ts';
import { campaignOfLead, type EventContext, leadFor } from './context.ts';

export type MessageEvent = Extract<ExecutorEvent, { kind: 'message' }>;

/** Two reads of one message: the same text within this time of each other on the network's clock. */
const SAME_MESSAGE_WINDOW_MS = 10 * 60_000;

/** A reply moves a card out of these columns into replied. */
const AWAITING_REPLY: readonly ConversationStatus[] = ['sent', 'call-to-action-sent'];

export type StoredMessage = NonNullable<Awaited<ReturnType<typeof storeIncoming>>>;

/**
 * Whether the conversation holds this message already. The executor reads whole threads: the
 * network's id says so when the page shows one; else the same text at about the same time (a
 * thread shows times to the minute, or as "5 min ago").
 */
async function knownMessage(
  trx: Knex.Transaction,
  conversationId: number,
  event: MessageEvent,
  sentAt: Date,
) {
  const known = await trx('conversation_messages')
    .where({ conversation_id: conversationId, direction: 'in' })
    .andWhere((q) => {
      if (event.messageId) q.where('network_message_id', event.messageId);
      else
        q.where('text', event.text).andWhereBetween('network_sent_at', [
          new Date(sentAt.getTime() - SAME_MESSAGE_WINDOW_MS),
          new Date(sentAt.getTime() + SAME_MESSAGE_WINDOW_MS),
        ]);
    })
    .first('id');
  return known !== undefined;
}

/** What a lead's reply cancels: the steps of the sequence that wait for no answer. */
const STOPPED_BY_A_REPLY: readonly CampaignAction[] = [
  'followUp',
  'visitProfile',
  'followPerson',
  'friendRequest',
];

/**
 * Stores a lead's message: the card moves to replied, the lead's follow-ups stop. Answers what the
 * AI step needs, or null when the message was known already (or the lead is not this profile's).
 */
export async function storeIncoming(
  { db, organizationId, profileId, now, effects }: EventContext,
  event: MessageEvent,
) {
  return db.transaction(async (trx) => {
    const lead = await leadFor(trx, organizationId, profileId, event.profileUrl);
    if (!lead) return null;
    const sentAt = new Date(event.sentAt);
    const conversation = await table(trx, 'conversations')
      .where({ lead_id: lead.id, profile_id: profileId })
      .first('id', 'status');
    if (conversation && (await knownMessage(trx, conversation.id, event, sentAt))) return null;
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
    const [message] = await table(trx, 'conversation_messages')
      .where({ conversation_id: written.id })
      .orderBy('id', 'desc')
      .limit(1)
      .select('id');
    // A reply stops the lead's sequence (issue 17): its follow-ups, the message planned for "later"
    // with them, and an opening not yet done (visit, follow, friend request); AI or a person takes over.
    const cancelled = await trx('campaign_tasks')
      .where({ lead_id: lead.id, profile_id: profileId, status: 'pending' })
      .whereIn('action', STOPPED_BY_A_REPLY)
      .update({ status: 'cancelled', finished_at: now, result: JSON.stringify({ reason: 'replied' }) })
      .returning('id');
    await trx('conversations').where({ id: written.id }).update({ contact_on: null, needs_person: null });
    const campaign = await campaignOfLead(trx, lead.id, profileId);
    // lead.replied is written with the message. Where the AI step reads the reply (answer.ts) it is
    // held until the reading gives it the intent, or for REPLIED_HOLD_MS at most (a failed provider,
    // a server that died meanwhile): never lost, at worst late and without the intent.
    const classified = campaign?.status === 'running' && stepOf(campaign.settings, 'aiReply') !== undefined;
    await recordReplied(
      trx,
      {
        organizationId,
        conversationId: written.id,
        leadId: lead.id,
        profileId,
        campaignId: campaign?.id ?? null,
        text: event.text,
        intent: null,
        at: now,
      },
      classified && message ? { heldFor: Number(message.id) } : {},
    );
    effects.logs.push({
      campaignId: campaign?.id ?? null,
      profileId,
      leadId: lead.id,
      type: 'STATUS_CHANGE',
      message: `${lead.name ?? event.profileUrl} replied${moved ? '; card moved to replied' : ''}${
        cancelled.length > 0 ? `; the sequence stopped (${cancelled.length} planned step(s) cancelled)` : ''
      }`,
    });
    return { lead, conversationId: written.id, messageId: Number(message?.id), campaign, text: event.text };
  });
}
