import { seededRandom } from '@reachly/shared/logic';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardStatusForIntent } from '../src/ai/card-moves.ts';
import { configuredReplyProvider } from '../src/ai/configured-provider.ts';
import { DEFAULT_GUARDRAILS } from '../src/ai/guardrails.ts';
import { createReplyProvider } from '../src/ai/index.ts';
import { OfflineReplyProvider } from '../src/ai/offline-provider.ts';
import { OpenAiReplyProvider } from '../src/ai/openai-provider.ts';
import { latestIncomingText, type ReplyIntent, type ReplyMessage } from '../src/ai/reply-provider.ts';
import { ConfigError, parseEnv } from '../src/config.ts';

const provider = new OfflineReplyProvider();
beforeAll(() => provider.ready());

const conversation = (...incoming: string[]): ReplyMessage[] => [
  {
    direction: 'out',
    text: 'Hi Ada, we help teams book more calls. Worth a chat?',
    time: '2025-06-02T09:00:00Z',
  },
  ...incoming.map((text, i) => ({ direction: 'in' as const, text, time: `2025-06-02T10:0${i}:00Z` })),
];

/** Realistic answers that are not in the corpus (server/src/ai/corpus/en.json). */
const HELD_OUT: [string, ReplyIntent][] = [
  ['Sounds really interesting, could you tell me a bit more?', 'interested'],
  ["Sure, I'd be interested in learning more about this", 'interested'],
  ['What would the price be for 5 seats?', 'question'],
  ['How much do you charge for this?', 'question'],
  ['Does it work with Salesforce?', 'question'],
  ['No thanks, not interested. Please stop messaging me.', 'stop'],
  ['Please remove me, we do not need this', 'stop'],
  ['I booked a call for Wednesday at 2pm', 'booked'],
  ['Just scheduled a meeting on your calendar for Friday', 'booked'],
  ['Happy holidays to you and your family!', 'other'],
  ["I'm out of the office until Monday", 'other'],
  ['Yes, send me more details please', 'interested'],
  ['what is the fee?', 'question'],
  ['Thanks but we already use a competitor', 'not-interested'],
  ["Let's talk next week, sounds great", 'interested'],
  ['I grabbed a slot for Monday at 11', 'booked'],
];

describe('offline reply provider', () => {
  it('classifies held-out realistic replies (at least 13 of 16)', async () => {
    const results = await Promise.all(HELD_OUT.map(([text]) => provider.classify(conversation(text))));
    const wrong = HELD_OUT.filter(([, intent], i) => results[i]?.intent !== intent).map(
      ([text, intent], i) => `${text} → ${results[i]?.intent} (expected ${intent})`,
    );
    expect(wrong.length, wrong.join('\n')).toBeLessThanOrEqual(3);
    for (const result of results) expect(result.confidence).toBeGreaterThanOrEqual(0);
  });

  it('classifies only the lead messages since the profile last wrote', async () => {
    const messages: ReplyMessage[] = [
      ...conversation('not interested, please stop'),
      {
        direction: 'out',
        text: 'Sorry to bother you! One last thing: we cut prices.',
        time: '2025-06-03T09:00:00Z',
      },
      { direction: 'in', text: 'oh, in that case tell me more', time: '2025-06-03T10:00:00Z' },
    ];
    expect(latestIncomingText(messages)).toBe('oh, in that case tell me more');
    expect((await provider.classify(messages)).intent).toBe('interested');
    expect(await provider.classify(conversation())).toEqual({ intent: 'other', confidence: 0 });
  });

  it("renders the campaign's template for the intent with the lead's variables", async () => {
    const reply = await provider.reply({
      messages: conversation('how much does it cost for a small team?'),
      variables: { name: 'Ada Lovelace', company: 'Analytical Engines' },
      templates: {
        interested: 'Great, {firstName}! Here is a link to book a call.',
        question: '{Good question|Thanks for asking}, {firstName}: plans for {company} start at $49.',
      },
      guardrails: DEFAULT_GUARDRAILS,
      random: seededRandom(1),
    });
    expect(reply).toMatchObject({ intent: 'question', needsPerson: null, contactAt: null, referral: null });
    expect([
      'Good question, Ada: plans for Analytical Engines start at $49.',
      'Thanks for asking, Ada: plans for Analytical Engines start at $49.',
    ]).toContain(reply?.text);
  });

  it('sends no reply when the campaign has no template for the intent', async () => {
    const reply = await provider.reply({
      messages: conversation('no thanks, we are happy with our current tool'),
      variables: {},
      templates: { interested: 'Great!' },
      guardrails: DEFAULT_GUARDRAILS,
    });
    expect(reply).toMatchObject({ intent: 'not-interested', text: null, needsPerson: null });
  });

  it('maps intents to card moves', () => {
    expect(cardStatusForIntent('interested')).toBe('interested');
    expect(cardStatusForIntent('not-interested')).toBe('not-interested');
    expect(cardStatusForIntent('booked')).toBe('booked');
    expect(cardStatusForIntent('question')).toBe('qualified');
    expect(cardStatusForIntent('contact-later')).toBe('contact-later');
    expect(cardStatusForIntent('unqualified')).toBe('unqualified');
    expect(cardStatusForIntent('stop')).toBe('not-interested');
    expect(cardStatusForIntent('other')).toBeNull();
  });

  it('reads the AI environment variables', () => {
    expect(parseEnv({})).toMatchObject({ AI_PROVIDER: 'offline', AI_MODEL: 'gpt-4o-mini' });
    expect(
      parseEnv({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.2' }),
    ).toMatchObject({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.2',
    });
    expect(() => parseEnv({ AI_PROVIDER: 'gpt' })).toThrow(ConfigError);
    expect(() => parseEnv({ AI_PROVIDER: 'gpt' })).toThrow('Invalid environment variable AI_PROVIDER');
    expect(() => parseEnv({ AI_BASE_URL: 'ftp://x' })).toThrow('Invalid environment variable AI_BASE_URL');
  });

  it('configuredReplyProvider picks the provider the configuration names', () => {
    const base = { AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: 'm' };
    expect(configuredReplyProvider({ ...base, AI_PROVIDER: 'offline' })).toBeInstanceOf(OfflineReplyProvider);
    expect(configuredReplyProvider({ ...base, AI_PROVIDER: 'openai' })).toBeInstanceOf(OpenAiReplyProvider);
  });

  it('createReplyProvider loads that provider with the first reply it reads, and answers as it does', async () => {
    const base = { AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: 'm' };
    const lazy = createReplyProvider({ ...base, AI_PROVIDER: 'offline' });
    const conversation: ReplyMessage[] = [
      { direction: 'in', text: 'Sounds great, tell me more', time: '2025-06-03T10:00:00Z' },
    ];
    expect(await lazy.classify(conversation)).toEqual(await provider.classify(conversation));
  });
});
