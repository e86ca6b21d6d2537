import type { MessageDirection } from '@reachly/shared/schemas';

/** One message of the conversation: 'in' = written by the lead, 'out' = sent from the profile. */
export interface ReplyMessage {
  direction: MessageDirection;
  text: string;
  /** ISO 8601 time the message was sent. */
  time: string;
}

/** The lead's messages since the profile last wrote, joined: what a reply answers. */
export function latestIncomingText(messages: readonly ReplyMessage[]): string {
  const texts: string[] = [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (!message || message.direction === 'out') break;
    texts.unshift(message.text.trim());
  }
  return texts.filter(Boolean).join('\n');
}
