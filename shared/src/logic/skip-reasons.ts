/**
 * Why a task or a reply did not go out, in words a person can act on. The engine and the
 * executor keep short codes for the reasons the rules decide (`no-message-button`, `reply-limit`,
 * …); a reason the network's page gave in words already is shown as it is.
 */
const SKIP_REASON_TEXT: Readonly<Record<string, string>> = {
  'no-message-button': 'the lead has no Message button (only friends can message them)',
  'do-not-contact': 'the person is on the do-not-contact list',
  'contacted-by-another-profile': 'another of your profiles is already in touch with this person',
  'worked-by-another-campaign': 'another campaign is already working this person',
  'lead-deleted': 'the lead was deleted',
  'step-removed': 'the step was removed from the campaign',
  replied: 'the lead replied, so the follow-up was not needed',
  'reply-limit': "today's limit of automatic replies in this conversation was reached",
  'repeated-reply': 'the automatic answer would repeat a message the person already got',
};

/** The reason in words: a known code's sentence, else the reason as the page said it. */
export function skipReasonText(reason: string): string {
  return Object.hasOwn(SKIP_REASON_TEXT, reason) ? (SKIP_REASON_TEXT[reason] as string) : reason;
}
