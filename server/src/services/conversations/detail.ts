import type { ConversationWithMessages } from '@reachly/shared/schemas';
import type { Tables } from '../../db/tables.ts';
import { notFound } from '../../errors.ts';
import type { Tenant } from '../tenancy.ts';
import { type ConversationRow, cards, toConversation } from './cards.ts';

type MessageRow = Pick<Tables['conversation_messages'], 'id' | 'direction' | 'text' | 'sent_at'>;

/** One card with its messages, oldest first (the card's detail view). */
export async function conversationWithMessages(t: Tenant, id: number): Promise<ConversationWithMessages> {
  const row: ConversationRow | undefined = await cards(t, { collectionId: 'all' })
    .where('conversations.id', id)
    .first();
  if (!row) throw notFound(`Conversation ${id} not found.`);
  const messages: MessageRow[] = await t
    .table('conversation_messages')
    .where('conversation_messages.conversation_id', id)
    .orderBy([{ column: 'sent_at' }, { column: 'id' }])
    .select('id', 'direction', 'text', 'sent_at');
  return {
    ...toConversation(row),
    messages: messages.map((m) => ({
      id: m.id,
      direction: m.direction,
      text: m.text,
      sentAt: new Date(m.sent_at).toISOString(),
    })),
  };
}
