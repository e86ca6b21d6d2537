import { readFileSync } from 'node:fs';
import { POSITIVE_INTENTS, REFUSAL_INTENTS } from '@reachly/shared/constants';
import { z } from 'zod';
import { REPLY_INTENTS, type ReplyIntent } from './reply-provider.ts';

/**
 * Our own evaluation set (eval/en.json): answers written as leads write them, each labelled with
 * the column a careful person would choose. It is kept apart from the training corpus (a test
 * checks that no sentence is in both). Every third answer is the development part, looked at while
 * the corpus grows; the rest is the held-out part that the bench and the quality gate score.
 */
export interface LabelledAnswer {
  text: string;
  intent: ReplyIntent;
}

const evaluationSchema = z.array(z.object({ text: z.string().min(1), intent: z.enum(REPLY_INTENTS) })).min(1);

export function loadEvaluationSet(): LabelledAnswer[] {
  const text = readFileSync(new URL('./eval/en.json', import.meta.url), 'utf8');
  return evaluationSchema.parse(JSON.parse(text));
}

export function splitEvaluationSet(answers: readonly LabelledAnswer[]): {
  development: LabelledAnswer[];
  heldOut: LabelledAnswer[];
} {
  return {
    development: answers.filter((_, i) => i % 3 === 0),
    heldOut: answers.filter((_, i) => i % 3 !== 0),
  };
}

/** Lower case, single spaces, no trailing punctuation: how "the same sentence" is compared. */
export function normalizeSentence(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?]+$/u, '')
    .trim();
}

export interface EvaluationScore {
  answers: number;
  accuracy: number;
  /** F1 per column (intent). */
  f1: Record<ReplyIntent, number>;
  macroF1: number;
  /** A refusal (a no or a stop) read as interested, question or booked. */
  refusalsTakenAsPositive: LabelledAnswer[];
  /** Median ms per answer (the classifier alone, after training). */
  msPerAnswer: number;
  mistakes: { text: string; expected: ReplyIntent; got: ReplyIntent }[];
}

const isIn = (list: readonly string[], value: string) => list.includes(value);

/** Scores a classifier on labelled answers: the figures of the bench row and of the quality gate. */
export async function scoreClassifier(
  answers: readonly LabelledAnswer[],
  classify: (text: string) => Promise<ReplyIntent>,
): Promise<EvaluationScore> {
  const times: number[] = [];
  const got: ReplyIntent[] = [];
  for (const answer of answers) {
    const start = performance.now();
    got.push(await classify(answer.text));
    times.push(performance.now() - start);
  }
  const f1 = {} as Record<ReplyIntent, number>;
  for (const intent of REPLY_INTENTS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    answers.forEach((answer, i) => {
      if (got[i] === intent && answer.intent === intent) tp += 1;
      else if (got[i] === intent) fp += 1;
      else if (answer.intent === intent) fn += 1;
    });
    f1[intent] = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  const present = REPLY_INTENTS.filter((intent) => answers.some((a) => a.intent === intent));
  const mistakes = answers
    .map((answer, i) => ({ text: answer.text, expected: answer.intent, got: got[i] as ReplyIntent }))
    .filter((m) => m.expected !== m.got);
  times.sort((a, b) => a - b);
  return {
    answers: answers.length,
    accuracy: answers.length === 0 ? 0 : (answers.length - mistakes.length) / answers.length,
    f1,
    macroF1: present.length === 0 ? 0 : present.reduce((sum, intent) => sum + f1[intent], 0) / present.length,
    refusalsTakenAsPositive: answers.filter(
      (answer, i) => isIn(REFUSAL_INTENTS, answer.intent) && isIn(POSITIVE_INTENTS, got[i] as string),
    ),
    msPerAnswer: times[Math.floor(times.length / 2)] ?? 0,
    mistakes,
  };
}
