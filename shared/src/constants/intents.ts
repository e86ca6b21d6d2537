/**
 * What a lead's answer means for the campaign: the classifier's labels, shared by the server (the
 * reply providers and the engine), the campaign builder (one reply template per intent) and the
 * OpenAI-compatible provider's structured-output schema.
 *
 * - `contact-later`: asks for time ("after the holidays", "not now, maybe in Q2").
 * - `unqualified`: the wrong person (left the company, intern, student, "the owner is Sarah").
 * - `stop`: asks never to be written to again (unsubscribe, "stop messaging me"), beyond a plain no.
 * - `other`: nothing to act on (out of office, greetings) or not understood.
 */
export const REPLY_INTENTS = [
  'interested',
  'question',
  'not-interested',
  'booked',
  'contact-later',
  'unqualified',
  'stop',
  'other',
] as const;
export type ReplyIntent = (typeof REPLY_INTENTS)[number];

/** Intents that are a refusal: answering them as a yes is the worst mistake the classifier can make. */
export const REFUSAL_INTENTS = ['not-interested', 'stop'] as const satisfies readonly ReplyIntent[];
/** Intents whose automatic reply pushes the sale on. */
export const POSITIVE_INTENTS = [
  'interested',
  'question',
  'booked',
] as const satisfies readonly ReplyIntent[];

/**
 * Why an answer gets no automatic reply and a person should answer it: the classifier is unsure,
 * the lead wrote in another language than the model's, or used a hand-off word.
 */
export const NEEDS_PERSON_REASONS = ['low-confidence', 'language', 'handoff-word'] as const;
export type NeedsPersonReason = (typeof NEEDS_PERSON_REASONS)[number];
