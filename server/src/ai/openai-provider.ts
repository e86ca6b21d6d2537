import { localTime, safeTimeZone } from '@reachly/shared/logic';
import { type AiReplyAnswer, aiReplyAnswerSchema } from '@reachly/shared/schemas';
import { z } from 'zod';
import { findNamedTime, startOfFutureDay } from './dates.ts';
import { DEFAULT_HANDOFF_WORDS, findHandoffWord } from './guardrails.ts';
import { foreignLanguage } from './language.ts';
import { DEFAULT_MIN_CONFIDENCE } from './offline-provider.ts';
import {
  type Classification,
  latestIncomingText,
  type NeedsPerson,
  type Reply,
  type ReplyInput,
  type ReplyMessage,
  type ReplyProvider,
  type Understanding,
  type UnderstandOptions,
} from './reply-provider.ts';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://host:8000/v1 (vLLM). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>` when given (local servers need none). */
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  /** Below this confidence the answer needs a person (as offline). */
  minConfidence?: number;
  /** Understands the answer when the model fails or answers out of schema (the offline provider). */
  fallback: Pick<ReplyProvider, 'understand'>;
  /** Told why the model's answer was not used (for the log). */
  onFallback?: (reason: string) => void;
}

const DEFAULT_AI_TIMEOUT_MS = 20_000;

/** The model's answer: the shared schema, so the model and the offline classifier answer the same columns. */
type Answer = AiReplyAnswer;

/** The JSON Schema sent as `response_format` (length limits dropped: strict structured output refuses them). */
function wireSchema(): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !['$schema', 'minLength', 'maxLength'].includes(key))
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  return strip(z.toJSONSchema(aiReplyAnswerSchema));
}
const RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: { name: 'lead_answer', strict: true, schema: wireSchema() },
};

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const INTENTS_TEXT = [
  'interested (wants to hear more or talk)',
  'question (asks something, e.g. the price)',
  'not-interested (a plain no, without asking to stop)',
  'booked (has booked a call or meeting)',
  'contact-later (asks for time: "after the holidays", "not now, maybe in Q2"; a no that names or implies a time)',
  'unqualified (the wrong person: left the company, intern, student, not the decision maker)',
  'stop (asks never to be contacted again: stop, unsubscribe, spam, report)',
  'other (greetings, out of office, anything else)',
].join('; ');

function conversationMessages(messages: readonly ReplyMessage[]): ChatMessage[] {
  return messages.map((m) => ({ role: m.direction === 'in' ? 'user' : 'assistant', content: m.text }));
}

/** Reads the JSON object out of a model's text (models sometimes wrap it in a code fence). */
export function parseAnswer(content: string): Answer | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start === -1 || end < start) return null;
  try {
    const result = aiReplyAnswerSchema.safeParse(JSON.parse(content.slice(start, end + 1)));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function understandingPrompt(now: Date, timeZone: string): string[] {
  return [
    "Classify the lead's latest answer (their messages since the sender last wrote).",
    `Intents: ${INTENTS_TEXT}.`,
    `Today is ${localTime(now, timeZone).date} in the time zone ${timeZone}. For contact-later, contactAt is`,
    'the day the lead named as YYYY-MM-DD ("next week": the same weekday next week; "in March": March 1;',
    '"after the holidays": early January; "Q2": April 1), else null. For unqualified, referral is the',
    'person or address the lead pointed to ("the owner is Sarah": "Sarah"), else null.',
    'confidence is how sure you are of the intent, 0..1.',
  ];
}

/**
 * An OpenAI-compatible chat-completions provider (OpenAI, Ollama, vLLM, LM Studio): one POST to
 * `{baseUrl}/chat/completions` asking for structured JSON output (the shared aiReplyAnswerSchema),
 * checked with zod. Any failure (network, status, timeout, JSON out of schema) understands the
 * answer with the fallback and sends no reply. Needs-a-person is decided here as offline: a hand-off
 * word, another language (eld), or a confidence below the threshold.
 */
export class OpenAiReplyProvider implements ReplyProvider {
  readonly #options: OpenAiProviderOptions;

  constructor(options: OpenAiProviderOptions) {
    this.#options = options;
  }

  async classify(conversation: readonly ReplyMessage[]): Promise<Classification> {
    const { intent, confidence } = await this.understand(conversation);
    return { intent, confidence };
  }

  async understand(
    conversation: readonly ReplyMessage[],
    options: UnderstandOptions = {},
  ): Promise<Understanding> {
    const { understanding } = await this.#run(conversation, options, null);
    return understanding;
  }

  async reply(input: ReplyInput): Promise<Reply> {
    const options = { now: input.now, timeZone: input.timeZone, handoffWords: input.guardrails.handoffWords };
    const { understanding, answer } = await this.#run(input.messages, options, input);
    // No usable answer: the fallback understood it, and nothing is sent.
    if (!answer) return { ...understanding, text: null };
    const text = answer.reply?.trim();
    const usable = text && !understanding.needsPerson && input.templates[understanding.intent];
    return { ...understanding, text: usable ? text : null };
  }

  async #run(
    conversation: readonly ReplyMessage[],
    options: UnderstandOptions,
    input: ReplyInput | null,
  ): Promise<{ understanding: Understanding; answer: Answer | null }> {
    const now = options.now ?? new Date();
    const timeZone = safeTimeZone(options.timeZone);
    const lines = input ? replyPrompt(input, now, timeZone) : understandingPrompt(now, timeZone);
    lines.push('Answer with only the JSON object.');
    const answer = await this.#ask([
      { role: 'system', content: lines.join('\n') },
      ...conversationMessages(conversation),
    ]);
    if (!answer)
      return { understanding: await this.#options.fallback.understand(conversation, options), answer };
    return {
      understanding: this.#understanding(answer, latestIncomingText(conversation), now, timeZone, options),
      answer,
    };
  }

  #understanding(
    answer: Answer,
    text: string,
    now: Date,
    timeZone: string,
    options: UnderstandOptions,
  ): Understanding {
    const handoff = findHandoffWord(text, options.handoffWords ?? DEFAULT_HANDOFF_WORDS);
    const language = foreignLanguage(text);
    let needsPerson: NeedsPerson | null = null;
    if (handoff) needsPerson = { reason: 'handoff-word', detail: `The lead wrote "${handoff}"` };
    else if (language)
      needsPerson = { reason: 'language', detail: `Written in ${language.name} (${language.code})` };
    else if (answer.confidence < (this.#options.minConfidence ?? DEFAULT_MIN_CONFIDENCE))
      needsPerson = {
        reason: 'low-confidence',
        detail: `Not sure what this means (best guess ${answer.intent}, confidence ${answer.confidence.toFixed(2)})`,
      };
    const unsure = needsPerson?.reason === 'low-confidence';
    const intent = unsure ? 'other' : answer.intent;
    const named = answer.contactAt ? startOfFutureDay(answer.contactAt, now, timeZone) : null;
    return {
      intent,
      confidence: answer.confidence,
      needsPerson,
      contactAt:
        intent === 'contact-later' ? (named ?? findNamedTime(text, now, timeZone)?.at ?? null) : null,
      referral: intent === 'unqualified' ? (answer.referral?.trim() ?? null) : null,
      language: language?.code ?? null,
    };
  }

  async #ask(messages: ChatMessage[]): Promise<Answer | null> {
    const { baseUrl, apiKey, model, timeoutMs = DEFAULT_AI_TIMEOUT_MS } = this.#options;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, messages, temperature: 0.2, response_format: RESPONSE_FORMAT }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return this.#fail(`HTTP ${response.status}`);
      const completion = completionSchema.safeParse(await response.json());
      if (!completion.success) return this.#fail('not a chat completion');
      const answer = parseAnswer(completion.data.choices[0]?.message.content ?? '');
      return answer ?? this.#fail('the answer is not the JSON asked for');
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return this.#fail(name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error));
    }
  }

  #fail(reason: string): null {
    this.#options.onFallback?.(reason);
    return null;
  }
}

function replyPrompt(input: ReplyInput, now: Date, timeZone: string): string[] {
  const templates = Object.entries(input.templates)
    .map(([intent, template]) => `- ${intent}: ${template}`)
    .join('\n');
  return [
    'You write the next message of a sales outreach conversation on a social network, as the sender.',
    ...understandingPrompt(now, timeZone),
    'Then write a short, friendly reply in the style of the campaign template for that intent',
    '(braces are variables, {a|b} means one of the options). When there is no template for the',
    'intent, the reply is null.',
    `Templates:\n${templates || '(none)'}`,
    `Lead: ${JSON.stringify(input.variables)}`,
    'Never invent prices, dates or promises that the templates do not contain.',
    `When the lead mentions any of (${input.guardrails.handoffWords.join(', ')}), the reply is null.`,
  ];
}
