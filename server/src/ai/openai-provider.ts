import { z } from 'zod';
import {
  type Classification,
  REPLY_INTENTS,
  type Reply,
  type ReplyInput,
  type ReplyMessage,
  type ReplyProvider,
} from './reply-provider.ts';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://host:8000/v1 (vLLM). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>` when given (local servers need none). */
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  /** Classifies when the model fails or answers badly (the offline provider). */
  fallback: Pick<ReplyProvider, 'classify'>;
  /** Told why the model's answer was not used (for the log). */
  onFallback?: (reason: string) => void;
}

export const DEFAULT_AI_TIMEOUT_MS = 20_000;

/** The model's answer, as the system prompt asks for it. */
const answerSchema = z.object({
  intent: z.enum(REPLY_INTENTS),
  confidence: z.number().min(0).max(1).optional(),
  reply: z.string().max(2000).nullable().optional(),
});
type Answer = z.infer<typeof answerSchema>;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const INTENTS_TEXT =
  'interested (wants to hear more), question (asks something, e.g. the price), ' +
  'not-interested (declines or asks to stop), booked (has booked a call or meeting), other';

function conversationMessages(messages: readonly ReplyMessage[]): ChatMessage[] {
  return messages.map((m) => ({ role: m.direction === 'in' ? 'user' : 'assistant', content: m.text }));
}

/** Reads the JSON object out of a model's text (models sometimes wrap it in a code fence). */
export function parseAnswer(content: string): Answer | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start === -1 || end < start) return null;
  try {
    const result = answerSchema.safeParse(JSON.parse(content.slice(start, end + 1)));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * An OpenAI-compatible chat-completions provider (OpenAI, Ollama, vLLM, LM Studio): one POST to
 * `{baseUrl}/chat/completions` asking for `{"intent", "reply"}` as JSON, checked with zod. Any
 * failure (network, status, timeout, bad JSON) classifies with the fallback and sends no reply.
 */
export class OpenAiReplyProvider implements ReplyProvider {
  readonly #options: OpenAiProviderOptions;

  constructor(options: OpenAiProviderOptions) {
    this.#options = options;
  }

  async classify(conversation: readonly ReplyMessage[]): Promise<Classification> {
    const system =
      'You classify the latest answer of a lead in a sales outreach conversation. ' +
      `Intents: ${INTENTS_TEXT}. Answer with only a JSON object: ` +
      '{"intent": "<intent>", "confidence": <0..1>, "reply": null}';
    const answer = await this.#ask([
      { role: 'system', content: system },
      ...conversationMessages(conversation),
    ]);
    if (!answer) return this.#options.fallback.classify(conversation);
    return { intent: answer.intent, confidence: answer.confidence ?? 1 };
  }

  async reply(input: ReplyInput): Promise<Reply> {
    const templates = Object.entries(input.templates)
      .map(([intent, template]) => `- ${intent}: ${template}`)
      .join('\n');
    const system = [
      'You write the next message of a sales outreach conversation on a social network, as the sender.',
      `First classify the lead's latest answer. Intents: ${INTENTS_TEXT}.`,
      'Then write a short, friendly reply in the style of the campaign template for that intent',
      '(braces are variables, {a|b} means one of the options). When there is no template for the',
      'intent, the reply is null.',
      `Templates:\n${templates || '(none)'}`,
      `Lead: ${JSON.stringify(input.variables)}`,
      'Never invent prices, dates or promises that the templates do not contain.',
      `When the lead mentions any of (${input.guardrails.handoffWords.join(', ')}), the reply is null.`,
      'Answer with only a JSON object: {"intent": "<intent>", "confidence": <0..1>, "reply": "<text>" or null}',
    ].join('\n');
    const answer = await this.#ask([
      { role: 'system', content: system },
      ...conversationMessages(input.messages),
    ]);
    // No usable answer: the offline classifier tells the intent, and nothing is sent.
    if (!answer)
      return { intent: (await this.#options.fallback.classify(input.messages)).intent, text: null };
    const text = answer.reply?.trim();
    return { intent: answer.intent, text: text && input.templates[answer.intent] ? text : null };
  }

  async #ask(messages: ChatMessage[]): Promise<Answer | null> {
    const { baseUrl, apiKey, model, timeoutMs = DEFAULT_AI_TIMEOUT_MS } = this.#options;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, messages, temperature: 0.2 }),
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
