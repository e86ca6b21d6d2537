import type { ConversationStatus } from '@reachly/shared/constants';
import type { ReplyIntent } from './reply-provider.ts';

const CARD_STATUS_BY_INTENT: Readonly<Record<ReplyIntent, ConversationStatus | null>> = {
  interested: 'interested',
  'not-interested': 'not-interested',
  booked: 'booked',
  question: 'qualified',
  'contact-later': 'contact-later',
  unqualified: 'unqualified',
  // A stop is a no the engine also puts the person on the do-not-contact list for.
  stop: 'not-interested',
  other: null,
};

/** The funnel column a classified reply moves the card to; null leaves it where it is. */
export function cardStatusForIntent(intent: ReplyIntent): ConversationStatus | null {
  return CARD_STATUS_BY_INTENT[intent];
}
