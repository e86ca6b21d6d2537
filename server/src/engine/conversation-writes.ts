import type { ConversationStatus } from '@reachly/shared/constants';
import { FIRST_RANK, RANK_STEP } from '@reachly/shared/logic';
import type { MessageDirection } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { recordCardMoved } from '../services/conversations/card-moved.ts';
import { recordFunnelMoves } from '../services/reports/funnel-moves.ts';

/**
 * How the campaign engine writes the funnel board: a message sent or received lands in the
 * conversation of (lead, profile), created on first contact; a card that changes column goes to
 * the top of its new column (a rank below the column's first), as a user would expect new news.
 */

export interface ConversationRef {
  id: number;
  status: ConversationStatus;
}

/** The rank that puts a card at the top of `status`'s column. */
async function topRank(
  trx: Knex.Transaction,
  organizationId: number,
  status: ConversationStatus,
): Promise<number> {
  const row = (await trx('conversations')
    .where({ organization_id: organizationId, status })
    .min({ m: 'order' })
    .first()) as { m: number | string | null } | undefined;
  return row?.m === null || row?.m === undefined ? FIRST_RANK : Number(row.m) - RANK_STEP;
}

export interface MessageWrite {
  organizationId: number;
  leadId: number;
  profileId: number;
  direction: MessageDirection;
  text: string;
  /** When the server wrote or read it: the conversation's order. */
  at: Date;
  /** An incoming message's time on the network (tells a known message from a new one). */
  networkAt?: Date;
  /** An incoming message's id on the network, when the page shows one. */
  networkMessageId?: string;
  /** The column the card moves to (a new card starts here too); undefined keeps it where it is. */
  status?: ConversationStatus;
}

/**
 * The conversation of (lead, profile), locked, created as a card in `status` (default sent) on first
 * contact (the funnel's history records the new card); answers it with whether it was created.
 */
export async function openConversation(
  trx: Knex.Transaction,
  open: { organizationId: number; leadId: number; profileId: number; at: Date; status?: ConversationStatus },
): Promise<ConversationRef & { created: boolean }> {
  const existing = await table(trx, 'conversations')
    .where({ lead_id: open.leadId, profile_id: open.profileId })
    .forUpdate()
    .first('id', 'status');
  if (existing) return { id: existing.id, status: existing.status, created: false };
  const status = open.status ?? 'sent';
  const lead = (await trx('leads').where({ id: open.leadId }).first('collection_id')) as {
    collection_id: number;
  };
  const [row] = await table(trx, 'conversations')
    .insert({
      organization_id: open.organizationId,
      lead_id: open.leadId,
      profile_id: open.profileId,
      collection_id: lead.collection_id,
      status,
      order: await topRank(trx, open.organizationId, status),
      status_update_date: open.at,
    })
    .returning(['id', 'status']);
  if (!row) throw new Error('insert returned no conversation');
  await recordFunnelMoves(trx, [
    {
      organizationId: open.organizationId,
      conversationId: row.id,
      from: null,
      to: status,
      by: 'engine',
      at: open.at,
    },
  ]);
  return { id: row.id, status: row.status, created: true };
}

/** Adds a message to the lead's conversation with the profile, creating the card on first contact. */
export async function writeMessage(trx: Knex.Transaction, write: MessageWrite): Promise<ConversationRef> {
  let conversation: ConversationRef = await openConversation(trx, { ...write, status: write.status });
  await trx('conversations')
    .where({ id: conversation.id })
    .update({ last_message: write.text, last_message_at: write.at });
  if (write.status && write.status !== conversation.status) {
    conversation = await moveCard(trx, write.organizationId, conversation.id, write.status, write.at);
  }
  await trx('conversation_messages').insert({
    organization_id: write.organizationId,
    conversation_id: conversation.id,
    direction: write.direction,
    text: write.text,
    sent_at: write.at,
    network_sent_at: write.networkAt ?? null,
    network_message_id: write.networkMessageId ?? null,
  });
  return conversation;
}

/**
 * Moves a card to the top of another column and stamps the change (in the funnel's history too),
 * unless a person moved the card by hand: it then stays where the person put it (answered as it is).
 */
export async function moveCard(
  trx: Knex.Transaction,
  organizationId: number,
  conversationId: number,
  status: ConversationStatus,
  at: Date,
): Promise<ConversationRef> {
  const card = await table(trx, 'conversations')
    .where({ id: conversationId })
    .first('status', 'manual_status_at', 'lead_id', 'profile_id');
  if (card && card.manual_status_at !== null) return { id: conversationId, status: card.status };
  await trx('conversations')
    .where({ id: conversationId })
    .update({ status, order: await topRank(trx, organizationId, status), status_update_date: at });
  if (card && card.status !== status) {
    await recordCardMoved(trx, {
      organizationId,
      conversationId,
      leadId: card.lead_id,
      profileId: card.profile_id,
      from: card.status,
      to: status,
      by: 'engine',
      at,
    });
  }
  return { id: conversationId, status };
}
