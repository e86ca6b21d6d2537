import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GUARDRAILS } from '../src/ai/guardrails.ts';
import { OfflineReplyProvider } from '../src/ai/offline-provider.ts';
import { OpenAiReplyProvider, parseAnswer } from '../src/ai/openai-provider.ts';
import type { ReplyInput, ReplyMessage } from '../src/ai/reply-provider.ts';

/** A fake OpenAI-style server on loopback: records requests, answers what the test sets. */
interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
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
  { direction: 'in', text: 'not interested, please stop', time: '2025-06-02T10:00:00Z' },
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
      '{"intent": "interested", "confidence": 0.8, "reply": "Great, Ada! Here is my calendar."}',
    );
    const { p } = provider({ baseUrl: `${baseUrl}/` });
    expect(await p.reply(input)).toEqual({ intent: 'interested', text: 'Great, Ada! Here is my calendar.' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('llama3.2');
    expect(request?.body.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user']);
    expect(request?.body.messages[0]?.content).toContain('Great {firstName}, here is my calendar.');
    expect(request?.body.messages[2]?.content).toBe('not interested, please stop');
  });

  it('classifies through the model, a fenced JSON answer too, and sends no key when none is set', async () => {
    answer = completion('```json\n{"intent": "booked", "confidence": 0.9, "reply": null}\n```');
    const { p } = provider({ apiKey: undefined });
    expect(await p.classify(messages)).toEqual({ intent: 'booked', confidence: 0.9 });
    expect(requests[0]?.authorization).toBeUndefined();
  });

  it('falls back to the offline classifier and no reply on an answer that is not the JSON asked for', async () => {
    for (const content of [
      'Sure! I think they are interested.',
      '{"intent": "maybe", "reply": "hi"}',
      '{"intent": ',
    ]) {
      answer = completion(content);
      const { p, reasons } = provider();
      expect(await p.reply(input)).toEqual({ intent: 'not-interested', text: null });
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
    expect(await failing.p.reply(input)).toEqual({ intent: 'not-interested', text: null });
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
    answer = completion('{"intent": "question", "reply": "It costs $49."}');
    expect(await provider().p.reply(input)).toEqual({ intent: 'question', text: null });
  });

  it('parseAnswer accepts only the asked shape', () => {
    expect(parseAnswer('{"intent": "other"}')).toEqual({ intent: 'other' });
    expect(parseAnswer('{"intent": "other", "confidence": 2}')).toBeNull();
    expect(parseAnswer('no json')).toBeNull();
  });
});
