import { LangEn } from '@nlpjs/lang-en';
import { Nlp } from '@nlpjs/nlp';
import { POSITIVE_INTENTS, REFUSAL_INTENTS } from '@reachly/shared/constants';
import { renderTemplate } from '@reachly/shared/logic';
import { type IntentCorpus, loadEnglishCorpus } from './corpus.ts';
import { findNamedTime } from './dates.ts';
import { DEFAULT_HANDOFF_WORDS, findHandoffWord } from './guardrails.ts';
import { foreignLanguage } from './language.ts';
import { findReferral } from './referral.ts';
import {
  type Classification,
  latestIncomingText,
  type NeedsPerson,
  REPLY_INTENTS,
  type Reply,
  type ReplyInput,
  type ReplyIntent,
  type ReplyMessage,
  type ReplyProvider,
  type Understanding,
  type UnderstandOptions,
} from './reply-provider.ts';

export interface OfflineProviderOptions {
  /** Defaults to the corpus that ships in the repository. */
  corpus?: IntentCorpus;
  /** Below this score the intent is 'other' and the answer needs a person. */
  minConfidence?: number;
}

export const DEFAULT_MIN_CONFIDENCE = 0.5;
/**
 * A positive reading (interested, question, booked) whose refusal score (no or stop) reaches this
 * is too close to call: answering a refusal with a sales reply is the worst mistake, so a person
 * answers instead.
 */
const REFUSAL_DOUBT = 0.3;

/**
 * A word the date parser adds to a text that names a future day ("in March", "after the holidays"),
 * in training and in use alike: the model learns how much a named time weighs for each intent
 * ("not interested right now" is a no, "not now, maybe in Q2" a later).
 */
const NAMES_A_TIME = 'zznamestime';
/** Likewise for a question mark, which the tokenizer drops: asking is a signal of its own. */
const ASKS = 'zzasks';
/** Training utterances are read relative to a fixed day, so the model is the same every run. */
const TRAINING_NOW = new Date('2026-01-14T12:00:00Z');

function isIntent(value: string): value is ReplyIntent {
  return (REPLY_INTENTS as readonly string[]).includes(value);
}

function withFeatures(text: string, namesTime: boolean): string {
  const features = [namesTime ? NAMES_A_TIME : '', text.includes('?') ? ASKS : ''].filter(Boolean);
  return features.length ? `${text} ${features.join(' ')}` : text;
}

const NOTHING: Omit<Understanding, 'intent' | 'confidence'> = {
  needsPerson: null,
  contactAt: null,
  referral: null,
  language: null,
};

/**
 * The default provider: no network, no key. nlp.js (a neural intent classifier with English
 * stemming) trained on the shipped corpus classifies the lead's latest messages, with chrono-node
 * telling it whether a time is named; eld names another language; the reply is the campaign's
 * template for that intent, rendered with the lead's variables.
 */
export class OfflineReplyProvider implements ReplyProvider {
  readonly #corpus: IntentCorpus;
  readonly #minConfidence: number;
  #trained: Promise<Nlp> | null = null;

  constructor(options: OfflineProviderOptions = {}) {
    this.#corpus = options.corpus ?? loadEnglishCorpus();
    this.#minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  }

  /** Trains once (well under a second); later calls share the trained model. */
  ready(): Promise<Nlp> {
    this.#trained ??= this.#train();
    return this.#trained;
  }

  async #train(): Promise<Nlp> {
    const nlp = new Nlp({ languages: ['en'], autoSave: false, autoLoad: false, nlu: { log: false } });
    nlp.use(LangEn);
    for (const intent of REPLY_INTENTS) {
      for (const utterance of this.#corpus[intent]) {
        const namesTime = findNamedTime(utterance, TRAINING_NOW) !== null;
        nlp.addDocument('en', withFeatures(utterance, namesTime), intent);
      }
    }
    await nlp.train();
    return nlp;
  }

  /** The model's best intent and its score, and the best refusal score, for one text. */
  async #score(text: string, namesTime: boolean): Promise<Classification & { refusal: number }> {
    const nlp = await this.ready();
    const result = await nlp.process('en', withFeatures(text, namesTime));
    const score = Number.isFinite(result.score) ? result.score : 0;
    let refusal = 0;
    for (const c of result.classifications ?? [])
      if ((REFUSAL_INTENTS as readonly string[]).includes(c.intent)) refusal = Math.max(refusal, c.score);
    if (!isIntent(result.intent)) return { intent: 'other', confidence: 0, refusal };
    return { intent: result.intent, confidence: score, refusal };
  }

  /** Classifies one text (the intent is 'other' below the confidence threshold). */
  async classifyText(text: string, options: UnderstandOptions = {}): Promise<Classification> {
    const { intent, confidence } = await this.understandText(text, options);
    return { intent, confidence };
  }

  /** Reads one text: see Understanding. */
  async understandText(text: string, options: UnderstandOptions = {}): Promise<Understanding> {
    if (!text.trim()) return { intent: 'other', confidence: 0, ...NOTHING };
    const now = options.now ?? new Date();
    const handoff = findHandoffWord(text, options.handoffWords ?? DEFAULT_HANDOFF_WORDS);
    const handoffNotice: NeedsPerson | null = handoff
      ? { reason: 'handoff-word', detail: `The lead wrote "${handoff}"` }
      : null;

    const language = foreignLanguage(text);
    if (language) {
      return {
        intent: 'other',
        confidence: 0,
        ...NOTHING,
        language: language.code,
        needsPerson: handoffNotice ?? {
          reason: 'language',
          detail: `Written in ${language.name} (${language.code}); the model reads English`,
        },
      };
    }

    const named = findNamedTime(text, now, options.timeZone);
    const { refusal, ...best } = await this.#score(text, named !== null);
    const mayBeRefusal =
      (POSITIVE_INTENTS as readonly string[]).includes(best.intent) && refusal >= REFUSAL_DOUBT;
    if (best.confidence < this.#minConfidence || mayBeRefusal) {
      return {
        intent: 'other',
        confidence: best.confidence,
        ...NOTHING,
        needsPerson: handoffNotice ?? {
          reason: 'low-confidence',
          detail: mayBeRefusal
            ? `Reads as ${best.intent} (${best.confidence.toFixed(2)}) but may be a refusal (${refusal.toFixed(2)})`
            : `Not sure what this means (best guess ${best.intent}, confidence ${best.confidence.toFixed(2)})`,
        },
      };
    }
    return {
      ...best,
      ...NOTHING,
      needsPerson: handoffNotice,
      contactAt: best.intent === 'contact-later' ? (named?.at ?? null) : null,
      referral: best.intent === 'unqualified' ? findReferral(text) : null,
    };
  }

  classify(conversation: readonly ReplyMessage[]): Promise<Classification> {
    return this.classifyText(latestIncomingText(conversation));
  }

  understand(conversation: readonly ReplyMessage[], options: UnderstandOptions = {}): Promise<Understanding> {
    return this.understandText(latestIncomingText(conversation), options);
  }

  async reply(input: ReplyInput): Promise<Reply> {
    const understanding = await this.understand(input.messages, {
      now: input.now,
      timeZone: input.timeZone,
      handoffWords: input.guardrails.handoffWords,
    });
    return { ...understanding, text: renderReply(understanding, input) };
  }
}

/** The campaign's template for the intent, rendered; null when a person should answer or there is none. */
function renderReply(understanding: Understanding, input: ReplyInput): string | null {
  if (understanding.needsPerson) return null;
  const template = input.templates[understanding.intent];
  if (!template) return null;
  try {
    return renderTemplate(template, input.variables, input.random).trim() || null;
  } catch {
    // A template with errors: the campaign schema refuses these, so nothing to send.
    return null;
  }
}
