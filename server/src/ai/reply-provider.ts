import type { TemplateVariables } from '@reachly/shared/logic';
import type { MessageDirection } from '@reachly/shared/schemas';
import type { GuardrailSettings } from './guardrails.ts';

/** What a lead's answer means for the campaign (DESIGN.md §4). */
export const REPLY_INTENTS = ['interested', 'question', 'not-interested', 'booked', 'other'] as const;
export type ReplyIntent = (typeof REPLY_INTENTS)[number];

/** One message of the conversation: 'in' = written by the lead, 'out' = sent from the profile. */
export interface ReplyMessage {
  direction: MessageDirection;
  text: string;
  /** ISO 8601 time the message was sent. */
  time: string;
}

export interface Classification {
  intent: ReplyIntent;
  /** 0..1; 0 when there was nothing to classify. */
  confidence: number;
}

export interface ReplyInput {
  /** The conversation, oldest first. */
  messages: readonly ReplyMessage[];
  /** The lead's variables for the templates (firstName, name, custom fields). */
  variables: TemplateVariables;
  /** The campaign's reply template per intent (template syntax of shared/src/logic/templates.ts). */
  templates: Readonly<Partial<Record<ReplyIntent, string>>>;
  guardrails: GuardrailSettings;
  /** Spintax choices (default Math.random); tests pass a seeded one. */
  random?: () => number;
}

/** The answer's intent, and the reply to send: null when there is none (no template for the intent, bad output). */
export interface Reply {
  text: string | null;
  intent: ReplyIntent;
}

/**
 * Classifies a lead's answer and writes the reply. Guardrails (daily cap, hand-off words, working
 * hours: guardrails.ts) are applied by the caller before it sends anything.
 */
export interface ReplyProvider {
  classify(conversation: readonly ReplyMessage[]): Promise<Classification>;
  /** Classifies and writes the reply in one go: the intent always, the text when there is one. */
  reply(input: ReplyInput): Promise<Reply>;
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
