import { REPLY_INTENTS } from '@reachly/shared/constants';
import {
  type EvaluationScore,
  loadEvaluationSet,
  scoreClassifier,
  splitEvaluationSet,
} from '../../server/src/ai/evaluation.ts';
import { OfflineReplyProvider } from '../../server/src/ai/offline-provider.ts';
import { OpenAiReplyProvider } from '../../server/src/ai/openai-provider.ts';
import type { BenchRow } from './lib/measure.ts';

/**
 * The reply classifier on the held-out part of our own evaluation set (server/src/ai/eval/en.json):
 * accuracy, F1 per column, macro-F1, refusals (a no or a stop) taken as positive (interested,
 * question, booked), and milliseconds per answer. `BENCH_ONLY=classifier npm run bench` runs it
 * alone, with no database. With AI_BASE_URL set (AI_MODEL, AI_API_KEY as for the server), the
 * OpenAI-compatible provider is scored on the same answers too.
 */
const NOW = new Date('2026-11-25T10:00:00Z');
const GOAL_MACRO_F1 = 0.9;
const GOAL_MS = 5;

function rowsFor(name: string, score: EvaluationScore, timed: boolean): BenchRow[] {
  const f1 = REPLY_INTENTS.map((intent) => `${intent} ${score.f1[intent].toFixed(2)}`).join(', ');
  const refusals = score.refusalsTakenAsPositive.length;
  const rows: BenchRow[] = [
    {
      measure: `Reply classifier (${name}): macro-F1 on ${score.answers} held-out answers`,
      value: score.macroF1.toFixed(3),
      goal: `≥ ${GOAL_MACRO_F1}`,
      met: score.macroF1 >= GOAL_MACRO_F1,
      detail: `accuracy ${score.accuracy.toFixed(3)}; F1 ${f1}`,
    },
    {
      measure: `Reply classifier (${name}): refusals taken as positive`,
      value: String(refusals),
      goal: '0',
      met: refusals === 0,
      detail: refusals ? score.refusalsTakenAsPositive.map((a) => JSON.stringify(a.text)).join('; ') : 'none',
    },
  ];
  if (timed)
    rows.push({
      measure: `Reply classifier (${name}): ms per answer`,
      value: score.msPerAnswer.toFixed(2),
      goal: `< ${GOAL_MS}`,
      met: score.msPerAnswer < GOAL_MS,
      detail: 'median, after training; language, date and intent',
    });
  return rows;
}

export async function classifierBenches(log: (text: string) => void): Promise<BenchRow[]> {
  const { heldOut } = splitEvaluationSet(loadEvaluationSet());
  const offline = new OfflineReplyProvider();
  log('training the offline classifier');
  await offline.ready();
  log(`classifying ${heldOut.length} held-out answers offline`);
  const score = await scoreClassifier(
    heldOut,
    async (text) => (await offline.understandText(text, { now: NOW })).intent,
  );
  const rows = rowsFor('offline', score, true);
  const baseUrl = process.env.AI_BASE_URL;
  if (baseUrl) {
    const fallbacks: string[] = [];
    const model = new OpenAiReplyProvider({
      baseUrl,
      apiKey: process.env.AI_API_KEY,
      model: process.env.AI_MODEL ?? 'gpt-4o-mini',
      fallback: offline,
      onFallback: (reason) => fallbacks.push(reason),
    });
    log(`classifying ${heldOut.length} held-out answers with ${process.env.AI_MODEL ?? 'gpt-4o-mini'}`);
    const modelScore = await scoreClassifier(
      heldOut,
      async (text) =>
        (await model.understand([{ direction: 'in', text, time: NOW.toISOString() }], { now: NOW })).intent,
    );
    const rowsOfModel = rowsFor('OpenAI-compatible', modelScore, false);
    for (const row of rowsOfModel) row.detail += `; ${fallbacks.length} answers fell back to offline`;
    rows.push(...rowsOfModel);
  }
  return rows;
}
