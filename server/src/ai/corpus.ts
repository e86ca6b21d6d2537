import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { REPLY_INTENTS, type ReplyIntent } from './reply-provider.ts';

/** Training utterances per intent. */
export type IntentCorpus = Readonly<Record<ReplyIntent, readonly string[]>>;

const corpusSchema = z.object(
  Object.fromEntries(REPLY_INTENTS.map((intent) => [intent, z.array(z.string().min(1)).min(1)])) as Record<
    ReplyIntent,
    z.ZodArray<z.ZodString>
  >,
);

/** The English corpus that ships in the repository (corpus/en.json). */
export function loadEnglishCorpus(): IntentCorpus {
  const text = readFileSync(new URL('./corpus/en.json', import.meta.url), 'utf8');
  return corpusSchema.parse(JSON.parse(text));
}
