import type { ReplyScript } from '../seed.ts';

/** What a seeded person answers, by script. */
export const REPLY_TEXTS: Record<ReplyScript, (firstName: string) => string> = {
  interested: () => 'Sounds interesting! Tell me more.',
  'asks-price': () => 'How much does it cost?',
  'not-interested': () => 'Thanks, but I am not interested.',
  'books-call': (firstName) => `Let's book a call. Tuesday at 3 pm works for me. ${firstName}`,
  'later-named': () => 'Swamped today, ping me again in three days.',
  later: () => 'Not a good time, maybe later.',
  'wrong-person': () => "I don't work there anymore, ask Sarah Miller.",
  stop: () => 'Please stop messaging me.',
  'other-language': () => '¿Cuánto cuesta? No hablo inglés.',
};
