import { REPLY_INTENTS, type ReplyIntent } from '@reachly/shared/constants';
import type { TemplateVariables } from '@reachly/shared/logic';
import type { NeedsPerson } from '@reachly/shared/schemas';
import type { GuardrailSettings } from './guardrails.ts';
import type { ReplyMessage } from './messages.ts';

export { latestIncomingText, type ReplyMessage } from './messages.ts';
export type { NeedsPerson };
/** What a lead's answer means for the campaign (shared, so the builder and the model's schema agree). */
export { REPLY_INTENTS, type ReplyIntent };

export interface Classification {
  intent: ReplyIntent;
  /** 0..1; 0 when there was nothing to classify. */
  confidence: number;
}

/** Everything the classifier reads from a lead's answer. */
export interface Understanding extends Classification {
  /**
   * Set when the answer gets no automatic reply and a person should answer: below the confidence
   * threshold (intent 'other'), another language than the model's (intent 'other', the language
   * named in `detail`), or a hand-off word (the intent kept).
   */
  needsPerson: NeedsPerson | null;
  /** contact-later only: the start of the day the lead named (ISO 8601, UTC), in the request's zone; null when none. */
  contactAt: string | null;
  /** unqualified only: the person the lead pointed to ("Sarah", "info@acme.com"); null when none. */
  referral: string | null;
  /** ISO 639-1 code of the answer's language when it is not the model's; null otherwise. */
  language: string | null;
}

/** What the classifier needs besides the conversation. */
export interface UnderstandOptions {
  /** The moment dates are read from ("next week"); default the current time. */
  now?: Date;
  /** IANA zone the named day is read in (the profile's proxy zone); default UTC. */
  timeZone?: string;
  /** Words that hand the answer to a person; default DEFAULT_HANDOFF_WORDS. */
  handoffWords?: readonly string[];
}

export interface ReplyInput extends Pick<UnderstandOptions, 'now' | 'timeZone'> {
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

/**
 * The understanding of the answer, and the reply to send: null when there is none (no template for
 * the intent, bad output, or `needsPerson` set).
 */
export interface Reply extends Understanding {
  text: string | null;
}

/**
 * Classifies a lead's answer and writes the reply. reply() sends no text when the answer needs a
 * person (hand-off words included); the caller still applies the daily cap and working hours.
 */
export interface ReplyProvider {
  classify(conversation: readonly ReplyMessage[]): Promise<Classification>;
  /** Reads the lead's latest answer: intent, confidence, needs-a-person, the named day, a referral. */
  understand(conversation: readonly ReplyMessage[], options?: UnderstandOptions): Promise<Understanding>;
  /** Classifies and writes the reply in one go: the intent always, the text when there is one. */
  reply(input: ReplyInput): Promise<Reply>;
}
