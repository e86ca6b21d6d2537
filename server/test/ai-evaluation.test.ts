import { REPLY_INTENTS } from '@reachly/shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglishCorpus } from '../src/ai/corpus.ts';
import {
  loadEvaluationSet,
  normalizeSentence,
  scoreClassifier,
  splitEvaluationSet,
} from '../src/ai/evaluation.ts';
import { OfflineReplyProvider } from '../src/ai/offline-provider.ts';

/**
 * The quality gate of the offline classifier on our own evaluation set (server/src/ai/eval/en.json),
 * scored on its held-out part; `BENCH_ONLY=classifier npm run bench` prints the same figures with
 * the time per answer. A quality gate, not a timing assertion.
 */
const provider = new OfflineReplyProvider();
const now = new Date('2026-11-25T10:00:00Z');
beforeAll(() => provider.ready());

describe('the evaluation set', () => {
  const answers = loadEvaluationSet();

  it('holds at least 300 labelled answers, at least 30 in every column', () => {
    expect(answers.length).toBeGreaterThanOrEqual(300);
    for (const intent of REPLY_INTENTS)
      expect(answers.filter((a) => a.intent === intent).length, intent).toBeGreaterThanOrEqual(30);
    expect(new Set(answers.map((a) => normalizeSentence(a.text))).size).toBe(answers.length);
  });

  it('shares no sentence with the training corpus', () => {
    const corpus = loadEnglishCorpus();
    const training = new Set(REPLY_INTENTS.flatMap((intent) => corpus[intent].map(normalizeSentence)));
    expect(answers.filter((a) => training.has(normalizeSentence(a.text))).map((a) => a.text)).toEqual([]);
  });

  it('on the held-out part: macro-F1 at least 0.9 and no refusal taken as positive', async () => {
    const { heldOut } = splitEvaluationSet(answers);
    expect(heldOut.length).toBeGreaterThanOrEqual(200);
    const score = await scoreClassifier(
      heldOut,
      async (text) => (await provider.understandText(text, { now })).intent,
    );
    expect(score.refusalsTakenAsPositive.map((a) => a.text)).toEqual([]);
    expect(score.macroF1, JSON.stringify(score.f1)).toBeGreaterThanOrEqual(0.9);
  });
});
