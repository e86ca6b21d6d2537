import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEvaluationSet, scoreClassifier, splitEvaluationSet } from '../src/ai/evaluation.ts';
import { DEFAULT_GUARDRAILS } from '../src/ai/guardrails.ts';
import { OfflineReplyProvider } from '../src/ai/offline-provider.ts';
import { OpenAiReplyProvider, parseAnswer } from '../src/ai/openai-provider.ts';
import type { ReplyInput, ReplyMessage } from '../src/ai/reply-provider.ts';

/** A fake OpenAI-style server on loopback: records requests, answers what the test sets. */
interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
  };
}
let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];
let answer: (res: ServerResponse) => void = () => {};

const completion = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content } }],
    }),
  );
};

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: JSON.parse(text),
    });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const offline = new OfflineReplyProvider();
const messages: ReplyMessage[] = [
  { direction: 'out', text: 'Hi Ada, worth a chat?', time: '2025-06-02T09:00:00Z' },
  { direction: 'in', text: "no thanks, we're all set", time: '2025-06-02T10:00:00Z' },
];
const input: ReplyInput = {
  messages,
  variables: { firstName: 'Ada' },
  templates: {
    interested: 'Great {firstName}, here is my calendar.',
    'not-interested': 'Sorry {firstName}!',
  },
  guardrails: DEFAULT_GUARDRAILS,
};

/** A complete answer in the shared schema (aiReplyAnswerSchema), with the given fields. */
function answerJson(fields: Record<string, unknown>): string {
  return JSON.stringify({
    intent: 'other',
    confidence: 0.9,
    contactAt: null,
    referral: null,
    reply: null,
    ...fields,
  });
}

function provider(options: Partial<ConstructorParameters<typeof OpenAiReplyProvider>[0]> = {}) {
  const reasons: string[] = [];
  const p = new OpenAiReplyProvider({
    baseUrl,
    apiKey: 'sk-test',
    model: 'llama3.2',
    fallback: offline,
    onFallback: (reason) => reasons.push(reason),
    ...options,
  });
  return { p, reasons };
}

describe('OpenAI-compatible reply provider (fake server on loopback)', () => {
  it('posts model and messages with the bearer key to {baseUrl}/chat/completions, and reads the JSON answer', async () => {
    answer = completion(
      answerJson({ intent: 'interested', confidence: 0.8, reply: 'Great, Ada! Here is my calendar.' }),
    );
    const { p } = provider({ baseUrl: `${baseUrl}/` });
    expect(await p.reply(input)).toEqual({
      intent: 'interested',
      confidence: 0.8,
      text: 'Great, Ada! Here is my calendar.',
      needsPerson: null,
      contactAt: null,
      referral: null,
      language: null,
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('llama3.2');
    expect(request?.body.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user']);
    expect(request?.body.messages[0]?.content).toContain('Great {firstName}, here is my calendar.');
    expect(request?.body.messages[2]?.content).toBe("no thanks, we're all set");
  });

  it('classifies through the model, a fenced JSON answer too, and sends no key when none is set', async () => {
    answer = completion(`\`\`\`json\n${answerJson({ intent: 'booked', confidence: 0.9 })}\n\`\`\``);
    const { p } = provider({ apiKey: undefined });
    expect(await p.classify(messages)).toEqual({ intent: 'booked', confidence: 0.9 });
    expect(requests[0]?.authorization).toBeUndefined();
  });

  it('falls back to the offline classifier and no reply on an answer that is not the JSON asked for', async () => {
    for (const content of [
      'Sure! I think they are interested.',
      '{"intent": "maybe", "reply": "hi"}',
      '{"intent": "interested", "reply": "hi"}',
      answerJson({ intent: 'contact-later', contactAt: 'next week' }),
      '{"intent": ',
    ]) {
      answer = completion(content);
      const { p, reasons } = provider();
      expect(await p.reply(input)).toMatchObject({ intent: 'not-interested', text: null });
      expect(await p.classify(messages)).toMatchObject({ intent: 'not-interested' });
      expect(reasons).toEqual([
        'the answer is not the JSON asked for',
        'the answer is not the JSON asked for',
      ]);
    }
  });

  it('falls back on a server error and on a body that is not a completion', async () => {
    answer = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error": {"message": "model not found"}}');
    };
    const failing = provider();
    expect(await failing.p.reply(input)).toMatchObject({ intent: 'not-interested', text: null });
    expect(failing.reasons).toEqual(['HTTP 500']);
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": []}');
    };
    const empty = provider();
    expect(await empty.p.classify(messages)).toMatchObject({ intent: 'not-interested' });
    expect(empty.reasons).toEqual(['not a chat completion']);
  });

  it('falls back when the server does not answer in time', async () => {
    answer = () => {}; // never answers
    const { p, reasons } = provider({ timeoutMs: 200 });
    const started = Date.now();
    expect(await p.classify(messages)).toMatchObject({ intent: 'not-interested' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reasons).toEqual(['no answer within 200 ms']);
  });

  it('sends no reply for an intent the campaign has no template for', async () => {
    answer = completion(answerJson({ intent: 'question', reply: 'It costs $49.' }));
    expect(await provider().p.reply(input)).toMatchObject({ intent: 'question', text: null });
  });

  it('parseAnswer accepts only the asked shape', () => {
    expect(parseAnswer(answerJson({ intent: 'other' }))).toEqual({
      intent: 'other',
      confidence: 0.9,
      contactAt: null,
      referral: null,
      reply: null,
    });
    expect(parseAnswer('{"intent": "other"}')).toBeNull();
    expect(parseAnswer(answerJson({ intent: 'other', confidence: 2 }))).toBeNull();
    expect(parseAnswer(answerJson({ intent: 'stay' }))).toBeNull();
    expect(parseAnswer('no json')).toBeNull();
  });

  it('asks for structured output in the shared schema, with today in the profile zone', async () => {
    answer = completion(answerJson({ intent: 'not-interested' }));
    await provider().p.reply({ ...input, now: new Date('2026-11-25T23:30:00Z'), timeZone: 'Europe/Paris' });
    const format = requests[0]?.body.response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema.strict).toBe(true);
    expect(format?.json_schema.schema.required).toEqual([
      'intent',
      'confidence',
      'contactAt',
      'referral',
      'reply',
    ]);
    expect(JSON.stringify(format)).toContain('contact-later');
    expect(requests[0]?.body.messages[0]?.content).toContain(
      'Today is 2026-11-26 in the time zone Europe/Paris',
    );
  });

  it('answers the named day in the zone, the referral, and needs-a-person like the offline model', async () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const ask = async (text: string, fields: Record<string, unknown>) => {
      answer = completion(answerJson(fields));
      const conversation: ReplyMessage[] = [{ direction: 'in', text, time: now.toISOString() }];
      return provider().p.reply({ ...input, messages: conversation, now, timeZone: 'Europe/Paris' });
    };
    expect(await ask('try me on Dec 7', { intent: 'contact-later', contactAt: '2026-12-07' })).toMatchObject({
      intent: 'contact-later',
      contactAt: '2026-12-06T23:00:00.000Z',
      needsPerson: null,
    });
    // No day from the model, or a past one: the date parser reads the text.
    expect(
      await ask('ping me after the holidays', { intent: 'contact-later', contactAt: '2020-01-01' }),
    ).toMatchObject({ contactAt: '2027-01-04T23:00:00.000Z' });
    expect(await ask('the owner is Sarah', { intent: 'unqualified', referral: 'Sarah' })).toMatchObject({
      intent: 'unqualified',
      referral: 'Sarah',
    });
    expect(await ask('hmm', { intent: 'interested', confidence: 0.2, reply: 'Great!' })).toMatchObject({
      intent: 'other',
      text: null,
      needsPerson: { reason: 'low-confidence' },
    });
    expect(
      await ask('Yes, but my lawyer will read the contract', {
        intent: 'interested',
        reply: 'Great {firstName}!',
      }),
    ).toMatchObject({ intent: 'interested', text: null, needsPerson: { reason: 'handoff-word' } });
    expect(
      await ask('Bonjour, merci mais ce n’est pas pour nous en ce moment', {
        intent: 'not-interested',
        reply: 'Ok',
      }),
    ).toMatchObject({
      text: null,
      language: 'fr',
      needsPerson: { reason: 'language', detail: expect.stringContaining('French') },
    });
  });

  it('is scored by the same evaluation as the offline model (a fake model that knows the labels)', async () => {
    const { heldOut } = splitEvaluationSet(loadEvaluationSet());
    const labels = new Map(heldOut.map((a) => [a.text, a.intent]));
    answer = (res) => {
      const last = requests.at(-1)?.body.messages.at(-1)?.content ?? '';
      completion(answerJson({ intent: labels.get(last) ?? 'other', confidence: 0.95 }))(res);
    };
    const { p } = provider();
    const score = await scoreClassifier(
      heldOut.slice(0, 40),
      async (text) => (await p.understand([{ direction: 'in', text, time: '2026-11-25T10:00:00Z' }])).intent,
    );
    expect(score.answers).toBe(40);
    expect(score.refusalsTakenAsPositive).toEqual([]);
    expect(score.accuracy).toBeGreaterThan(0.9);
  });
});
