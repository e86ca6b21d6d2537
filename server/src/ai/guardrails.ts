import { latestIncomingText, type ReplyMessage } from './messages.ts';

export interface GuardrailSettings {
  /** AI replies one profile may send per day. */
  dailyCap: number;
  /** Words or phrases that hand the conversation to a person (whole words, any case). */
  handoffWords: readonly string[];
}

export const DEFAULT_HANDOFF_WORDS = [
  'lawyer',
  'attorney',
  'legal action',
  'human',
  'real person',
  'manager',
  'complaint',
  'report you',
] as const;

export const DEFAULT_GUARDRAILS: GuardrailSettings = { dailyCap: 50, handoffWords: DEFAULT_HANDOFF_WORDS };

type GuardrailReason = 'handoff-word' | 'outside-working-hours' | 'daily-cap-reached' | 'allowed';

export interface GuardrailDecision {
  /** reply: send the AI reply; handoff: no reply, raise a notice for a person; skip: no reply now. */
  action: 'reply' | 'handoff' | 'skip';
  reason: GuardrailReason;
  /** The hand-off word found, for the notice. */
  word?: string;
}

export interface GuardrailInput {
  settings: GuardrailSettings;
  messages: readonly ReplyMessage[];
  /** AI replies this profile already sent today. */
  repliesToday: number;
  /** Computed by the scheduler from the profile's working hours and timezone. */
  isWithinWorkingHours: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first hand-off word that occurs in the text as a whole word (a plural s allowed). */
export function findHandoffWord(text: string, words: readonly string[]): string | null {
  for (const word of words) {
    const phrase = word.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
    if (!phrase) continue;
    if (new RegExp(`(?<![\\p{L}\\p{N}])${phrase}s?(?![\\p{L}\\p{N}])`, 'iu').test(text)) return word;
  }
  return null;
}

/**
 * Whether to auto-reply to the lead's latest messages. A hand-off word wins over everything (a
 * person must look, whatever the hour); then no reply outside working hours; then the daily cap.
 */
export function decideAutoReply(input: GuardrailInput): GuardrailDecision {
  const word = findHandoffWord(latestIncomingText(input.messages), input.settings.handoffWords);
  if (word !== null) return { action: 'handoff', reason: 'handoff-word', word };
  if (!input.isWithinWorkingHours) return { action: 'skip', reason: 'outside-working-hours' };
  if (input.repliesToday >= input.settings.dailyCap) return { action: 'skip', reason: 'daily-cap-reached' };
  return { action: 'reply', reason: 'allowed' };
}
