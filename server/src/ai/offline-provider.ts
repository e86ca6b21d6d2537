import { LangEn } from '@nlpjs/lang-en';
import { Nlp } from '@nlpjs/nlp';
import { renderTemplate } from '@reachly/shared/logic';
import { type IntentCorpus, loadEnglishCorpus } from './corpus.ts';
import {
  type Classification,
  latestIncomingText,
  REPLY_INTENTS,
  type Reply,
  type ReplyInput,
  type ReplyIntent,
  type ReplyMessage,
  type ReplyProvider,
} from './reply-provider.ts';

export interface OfflineProviderOptions {
  /** Defaults to the corpus that ships in the repository. */
  corpus?: IntentCorpus;
  /** Below this score the intent is 'other'. */
  minConfidence?: number;
}

function isIntent(value: string): value is ReplyIntent {
  return (REPLY_INTENTS as readonly string[]).includes(value);
}

/**
 * The default provider: no network, no key. nlp.js (a neural intent classifier with English
 * stemming) trained on the shipped corpus classifies the lead's latest messages; the reply is the
 * campaign's template for that intent, rendered with the lead's variables.
 */
export class OfflineReplyProvider implements ReplyProvider {
  readonly #corpus: IntentCorpus;
  readonly #minConfidence: number;
  #trained: Promise<Nlp> | null = null;

  constructor(options: OfflineProviderOptions = {}) {
    this.#corpus = options.corpus ?? loadEnglishCorpus();
    this.#minConfidence = options.minConfidence ?? 0.5;
  }

  /** Trains once (a few milliseconds); later calls share the trained model. */
  ready(): Promise<Nlp> {
    this.#trained ??= this.#train();
    return this.#trained;
  }

  async #train(): Promise<Nlp> {
    const nlp = new Nlp({ languages: ['en'], autoSave: false, autoLoad: false, nlu: { log: false } });
    nlp.use(LangEn);
    for (const intent of REPLY_INTENTS) {
      for (const utterance of this.#corpus[intent]) nlp.addDocument('en', utterance, intent);
    }
    await nlp.train();
    return nlp;
  }

  /** Classifies one text. */
  async classifyText(text: string): Promise<Classification> {
    if (!text.trim()) return { intent: 'other', confidence: 0 };
    const nlp = await this.ready();
    const result = await nlp.process('en', text);
    const score = Number.isFinite(result.score) ? result.score : 0;
    if (!isIntent(result.intent) || score < this.#minConfidence)
      return { intent: 'other', confidence: score };
    return { intent: result.intent, confidence: score };
  }

  classify(conversation: readonly ReplyMessage[]): Promise<Classification> {
    return this.classifyText(latestIncomingText(conversation));
  }

  async reply(input: ReplyInput): Promise<Reply> {
    const { intent } = await this.classify(input.messages);
    const template = input.templates[intent];
    if (!template) return { intent, text: null };
    try {
      const text = renderTemplate(template, input.variables, input.random).trim();
      return { intent, text: text || null };
    } catch {
      // A template with errors: the campaign schema refuses these, so nothing to send.
      return { intent, text: null };
    }
  }
}
